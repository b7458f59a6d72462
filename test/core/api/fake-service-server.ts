import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted stand-in for the service on 127.0.0.1:0: it records every
 * request, checks its signature independently of src/core/api/signer.ts and
 * answers what the test's handler says (a reply, a hang or a reset).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** x-signature equals HMAC-SHA256(secret, x-api-key + x-timestamp) in lower-case hex. */
  signatureValid: boolean;
  timestamp: number;
}

export type FakeServerAnswer =
  | { status?: number; body: string }
  | { status?: number; json: unknown }
  | 'hang'
  | 'reset';

export type FakeServerHandler = (request: RecordedRequest, index: number) => FakeServerAnswer;

export interface FakeServer {
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  setHandler(handler: FakeServerHandler): void;
  close(): Promise<void>;
}

export const TEST_API_KEY = 'test-key-0123456789abcdef';
export const TEST_SECRET = 'test-secret-must-never-leak-7f3a9c';

export function expectedSignature(secret: string, apiKey: string, timestamp: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${apiKey}${timestamp}`, 'utf8').digest('hex');
}

export function envelope(data: unknown, code = 1, msg = 'success', time = Math.floor(Date.now() / 1000)): unknown {
  return { code, msg, time: String(time), data };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeServer(handler: FakeServerHandler, options: { secret?: string; port?: number } = {}): Promise<FakeServer> {
  const secret = options.secret ?? TEST_SECRET;
  let current = handler;
  const requests: RecordedRequest[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://server');
      const key = String(req.headers['x-api-key'] ?? '');
      const ts = String(req.headers['x-timestamp'] ?? '');
      const record: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        signatureValid: req.headers['x-signature'] === expectedSignature(secret, key, ts),
        timestamp: Number(ts),
      };
      requests.push(record);
      const answer = current(record, requests.length - 1);
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      if (answer === 'reset') {
        req.socket.destroy();
        return;
      }
      const text = 'json' in answer ? JSON.stringify(answer.json) : answer.body;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    port,
    requests,
    setHandler: (h) => {
      current = h;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port that nothing listens on (a server opened and closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
