import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** http://host:port, IPv6 hosts in brackets. */
  origin: string;
  /** Resolves even when already closed; ends hanging requests too. */
  close(): Promise<void>;
}

/** Starts `server` on host:port (0: any free port); rejects with the listen error (e.g. EADDRINUSE). */
export async function listen(server: Server, host: string, port: number): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
