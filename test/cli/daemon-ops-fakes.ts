import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake alert receiver got. */
export interface Received {
  channel: 'webhook' | 'ntfy' | 'telegram';
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  status: number;
  /** Date.now() when it arrived. */
  at: number;
}

export interface AlertReceivers {
  url: string;
  received: Received[];
  /** While true, the fake ntfy answers 500 to everything. */
  ntfyFailing: boolean;
  close(): Promise<void>;
}

/**
 * A webhook receiver, a fake ntfy server and a fake Telegram Bot API on one
 * loopback port. ntfy answers 500 while `ntfyFailing` is true, so the
 * daemon's retries show.
 */
export async function startAlertReceivers(): Promise<AlertReceivers> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '';
      const channel = path.startsWith('/hook') ? 'webhook' : path.startsWith('/ntfy') ? 'ntfy' : 'telegram';
      const status = channel === 'ntfy' && receivers.ntfyFailing ? 500 : 200;
      received.push({ channel, path, headers: req.headers, body, status, at: Date.now() });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(channel === 'telegram' ? '{"ok":true,"result":{}}' : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receivers: AlertReceivers = {
    url: `http://127.0.0.1:${port}`,
    received,
    ntfyFailing: false,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receivers;
}

/** A port nothing listens on now (for the metrics server's address in the file). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ConfigOptions {
  sim: string;
  node: string;
  receivers: string;
  metricsPort: number;
  lowBalanceTrx: string;
  /** Each watched wallet with its auto top-up rule (keep 1 transfer, top up 2, at most 20 TRX a day). */
  wallets: ReadonlyArray<{ label: string; address: string; rule: string }>;
}

/** The daemon's file as a server's owner would write it: secrets only by reference (environment, systemd credential). */
export function configText(o: ConfigOptions): string {
  const wallets = o.wallets.map((w) => `[[wallets]]\nlabel = "${w.label}"\naddress = "${w.address}"\n`).join('\n');
  const rules = o.wallets
    .map((w) => `[[rules]]\nname = "${w.rule}"\nwallet = "${w.label}"\nkeep_transfers = 1\ntop_up_transfers = 2\ndaily_cap_trx = "20"\n`)
    .join('\n');
  return `# Energy Tray daemon
[profile]
name = "Server"
base_url = "${o.sim}"

[node]
url = "${o.node}"

[limits]
daily_limit_trx = "100"
low_balance_trx = "${o.lowBalanceTrx}"
poll_interval_seconds = 15

${wallets}
${rules}
[metrics]
listen = "127.0.0.1:${o.metricsPort}"

[alerts]
down_minutes = 0.15

[alerts.webhook]
url = "${o.receivers}/hook"
secret = { env = "HOOK_SECRET" }

[alerts.ntfy]
url = "${o.receivers}/ntfy/energy"
token = { env = "NTFY_TOKEN" }

[alerts.telegram]
chat_id = "42"
token = { credential = "telegram-token" }
api_url = "${o.receivers}/tg"
`;
}
