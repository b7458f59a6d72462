import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake alert receiver got. */
export interface Received {
  channel: 'webhook' | 'ntfy' | 'telegram';
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  status: number;
}

/**
 * A webhook receiver, a fake ntfy server and a fake Telegram Bot API on one
 * loopback port. ntfy answers 500 to its first `ntfyFailures` requests, so
 * the daemon's retries show.
 */
export async function startAlertReceivers(ntfyFailures: number): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  let ntfyLeft = ntfyFailures;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '';
      const channel = path.startsWith('/hook') ? 'webhook' : path.startsWith('/ntfy') ? 'ntfy' : 'telegram';
      const status = channel === 'ntfy' && ntfyLeft-- > 0 ? 500 : 200;
      received.push({ channel, path, headers: req.headers, body, status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(channel === 'telegram' ? '{"ok":true,"result":{}}' : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A port nothing listens on now (for the metrics server's address in the file). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
