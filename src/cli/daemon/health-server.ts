import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ListenAddress } from './listen-address.ts';

/** Whether the daemon can do its work now, and why not (a short reason for /readyz). */
export interface Readiness {
  ready: boolean;
  reason: string;
}

export interface HealthServerDeps {
  metrics(): Promise<{ contentType: string; text: string }>;
  readiness(): Readiness;
}

/**
 * /metrics (Prometheus text), /healthz (the process answers) and /readyz
 * (200 or 503 with a short JSON reason, a code such as no_balance_yet), GET only, nothing else. Bound to
 * the address given, 127.0.0.1 unless the person wrote another.
 */
export async function startHealthServer(at: ListenAddress, deps: HealthServerDeps): Promise<{ url: string; close(): Promise<void> }> {
  const json = (status: number, body: unknown): { status: number; type: string; text: string } => ({
    status,
    // eslint-disable-next-line no-restricted-syntax -- a media type
    type: 'application/json; charset=utf-8',
    text: `${JSON.stringify(body)}\n`,
  });
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (answer: { status: number; type: string; text: string }): void => {
      res.writeHead(answer.status, { 'content-type': answer.type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : answer.text);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(json(405, { error: 'method_not_allowed' }));
    if (path === '/healthz') return send(json(200, { status: 'ok' }));
    if (path === '/readyz') {
      const { ready, reason } = deps.readiness();
      return send(json(ready ? 200 : 503, { ready, reason }));
    }
    if (path !== '/metrics') return send(json(404, { error: 'not_found' }));
    deps.metrics().then(
      (m) => send({ status: 200, type: m.contentType, text: m.text }),
      () => send(json(500, { error: 'metrics_unavailable' })),
    );
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
