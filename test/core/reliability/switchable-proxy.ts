import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay in front of the simulator that can be switched off, so that
 * connections are refused (the port is closed), and on again on the same
 * port, while the simulator behind it keeps its orders.
 */
export class SwitchableProxy {
  readonly port: number;
  private readonly targetPort: number;
  private server: Server;
  private readonly sockets = new Set<Socket>();

  private constructor(server: Server, port: number, targetPort: number) {
    this.server = server;
    this.port = port;
    this.targetPort = targetPort;
  }

  static async start(targetPort: number): Promise<SwitchableProxy> {
    const holder: { proxy?: SwitchableProxy } = {};
    const server = createServer((socket) => holder.proxy?.relay(socket));
    await listen(server, 0);
    const proxy = new SwitchableProxy(server, (server.address() as AddressInfo).port, targetPort);
    holder.proxy = proxy;
    return proxy;
  }

  /** Closes the port and drops every open connection. */
  async down(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Listens again on the same port. */
  async up(): Promise<void> {
    this.server = createServer((socket) => this.relay(socket));
    await listen(this.server, this.port);
  }

  private relay(socket: Socket): void {
    const upstream = connect(this.targetPort, '127.0.0.1');
    for (const s of [socket, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => {
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.pipe(upstream);
    upstream.pipe(socket);
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
