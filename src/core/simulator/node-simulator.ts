import { RingLog } from '../base/ring-log.ts';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DelegationSource } from './delegation-link.ts';
import { FaultTable } from './faults.ts';
import { listen } from './listen.ts';
import type { FaultControl } from './faults.ts';
import { DEFAULT_CHAIN_PARAMS, DEMO_SPENDING, DEMO_WALLETS } from './node-demo.ts';
import { NODE_ROUTES, nodeJson, NodeRequestError } from './node-endpoints.ts';
import type { NodeBody } from './node-endpoints.ts';
import type { ChainParams, NodeWalletSeed } from './node-state.ts';
import { NodeState, usageAt } from './node-state.ts';
import { SpendingSchedule } from './node-spending.ts';
import type { SpendingOptions } from './node-spending.ts';
import { DEFAULT_TRANSFER_ENERGY, sendUsdt } from './node-transfer.ts';
import type { TransferEnergy, TransferRecord } from './node-transfer.ts';
import { readBody } from './server.ts';

/**
 * A TRON full node on 127.0.0.1 serving the four /wallet/* endpoints the app
 * reads, on the service simulator's clock and linked to it: a successful
 * energy order raises the receiving address's EnergyLimit for its period.
 */

export type NodeFault =
  /** An HTTP status with java-tron's {"Error": message} body. */
  | { kind: 'status'; status: number; message?: string }
  /** 429 or 503 with an optional Retry-After header (seconds or an HTTP date). */
  | { kind: 'rate-limit'; status?: 429 | 503; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'reset' }
  /** Truncated JSON. */
  | { kind: 'malformed' }
  /** Valid JSON of the wrong shape. */
  | { kind: 'bad-shape' }
  /** HTTP 200 with java-tron's {"Error": …}. */
  | { kind: 'node-error'; message?: string };

export interface NodeRequestRecord {
  method: string;
  path: string;
  /** The JSON body; the provider key is a header and is not recorded. */
  body: unknown;
  /** Whether TRON-PRO-API-KEY was absent, matched `apiKey`, or did not. */
  key: 'absent' | 'valid' | 'invalid';
  at: number;
  /** 0 while unanswered and for hang or reset faults. */
  status: number;
}

export interface NodeSimulatorOptions {
  host?: string;
  port?: number;
  /** The shared clock in ms (default Date.now). */
  now?: () => number;
  /** The service simulator's delegations (Simulator.delegations). */
  delegations?: DelegationSource;
  /** Default DEMO_WALLETS; [] for none. */
  wallets?: readonly NodeWalletSeed[];
  /** Default DEMO_SPENDING; null for none. */
  spending?: SpendingOptions | null;
  params?: Partial<ChainParams>;
  transferEnergy?: Partial<TransferEnergy>;
  usdtContract?: string;
  /** When set, a request carrying another TRON-PRO-API-KEY gets 401 (no key is still served). */
  apiKey?: string;
  /** Request records kept, the oldest overwritten first (default 100,000): the demo runs for days. */
  logLimit?: number;
}

export interface NodeAccountView {
  activated: true;
  trxSun: bigint;
  usdtMicros: bigint;
  energyLimit: bigint;
  energyUsed: bigint;
  netLimit: bigint;
  netUsed: bigint;
  freeNetUsed: bigint;
}

export interface NodeSimulator {
  /** e.g. http://127.0.0.1:PORT (the endpoints are under /wallet/). */
  readonly baseUrl: string;
  close(): Promise<void>;
  readonly faults: FaultControl<NodeFault>;
  readonly requests: ReadonlyArray<Readonly<NodeRequestRecord>>;
  requestCount(path?: string): number;
  readonly state: NodeState;
  /** USDT transfers made by now (scheduled and manual), oldest first. */
  readonly transfers: ReadonlyArray<Readonly<TransferRecord>>;
  /** The account as the node would report it now, after the transfers due; undefined when it does not exist. */
  account(address: string): NodeAccountView | undefined;
  addWallet(seed: NodeWalletSeed): void;
  /** A USDT transfer now, as if the wallet had broadcast one. */
  transfer(from: string, to: string, amountMicros: bigint): TransferRecord;
}

const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function sendText(res: ServerResponse, record: NodeRequestRecord, status: number, body: string, headers: Record<string, string> = {}): void {
  record.status = status;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(body);
}

function sendFault(req: IncomingMessage, res: ServerResponse, record: NodeRequestRecord, fault: NodeFault): void {
  switch (fault.kind) {
    case 'status':
      return sendText(res, record, fault.status, nodeJson({ Error: fault.message ?? `simulated error ${fault.status}` }));
    case 'rate-limit': {
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      return sendText(res, record, fault.status ?? 429, nodeJson({ Error: 'simulated rate limit' }), headers);
    }
    case 'malformed':
      return sendText(res, record, 200, '{"EnergyLimit": 1');
    case 'bad-shape':
      return sendText(res, record, 200, '[{"EnergyLimit":"lots"}]');
    case 'node-error':
      return sendText(res, record, 200, nodeJson({ Error: fault.message ?? 'class java.lang.Exception : simulated' }));
    case 'reset':
      req.socket.destroy();
      return;
    case 'hang':
      return;
  }
}

function parseBody(text: string): NodeBody | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as NodeBody) : undefined;
  } catch {
    return undefined;
  }
}

export async function startNodeSimulator(options: NodeSimulatorOptions = {}): Promise<NodeSimulator> {
  const now = options.now ?? (() => Date.now());
  const state = new NodeState({ ...DEFAULT_CHAIN_PARAMS, ...options.params }, now);
  for (const seed of options.wallets ?? DEMO_WALLETS) state.addWallet(seed);
  const energy: TransferEnergy = { ...DEFAULT_TRANSFER_ENERGY, ...options.transferEnergy };
  const usdtContract = options.usdtContract ?? USDT_CONTRACT;
  const logLimit = options.logLimit ?? 100_000;
  const transfers: TransferRecord[] = [];
  const spendingOptions = options.spending === undefined ? DEMO_SPENDING : options.spending;
  const spending = spendingOptions === null ? undefined : new SpendingSchedule(spendingOptions, now(), energy, transfers);
  const faults = new FaultTable<NodeFault>();
  // The request log is a ring (constant cost per request once full); the counts keep every request.
  const log = new RingLog<NodeRequestRecord>(logLimit);
  const counts = new Map<string, number>();

  const trim = <T>(list: T[]): void => {
    if (list.length > logLimit) list.splice(0, list.length - logLimit);
  };
  const settle = (): number => {
    const t = now();
    state.openDue(t);
    spending?.runUntil(state, t);
    state.endDue(t);
    trim(transfers);
    return t;
  };

  const handle = (req: IncomingMessage, res: ServerResponse, text: string | undefined): void => {
    const path = new URL(req.url ?? '/', 'http://node.invalid').pathname;
    const presented = req.headers['tron-pro-api-key'];
    const key = presented === undefined ? 'absent' : options.apiKey === undefined || presented === options.apiKey ? 'valid' : 'invalid';
    const body = text === undefined ? undefined : parseBody(text);
    const record: NodeRequestRecord = { method: req.method ?? '', path, body, key, at: now(), status: 0 };
    log.push(record);
    counts.set(path, (counts.get(path) ?? 0) + 1);
    if (text === undefined) return sendText(res, record, 413, 'Payload Too Large');
    const fault = faults.take(path);
    if (fault) return sendFault(req, res, record, fault.fault);
    const route = NODE_ROUTES.get(path);
    if (!route) return sendText(res, record, 404, nodeJson({ Error: 'not found' }));
    if (req.method !== 'POST') return sendText(res, record, 405, nodeJson({ Error: 'method not allowed' }));
    if (key === 'invalid') return sendText(res, record, 401, nodeJson({ Error: 'ApiKey not exists' }));
    if (body === undefined) return sendText(res, record, 200, nodeJson({ Error: 'class org.tron.json.JSONException : invalid JSON' }));
    try {
      const answer = route({ state, now: settle(), energy, usdtContract }, body);
      sendText(res, record, 200, nodeJson(answer));
    } catch (err) {
      const message = err instanceof NodeRequestError ? err.message : 'class java.lang.Exception : internal error';
      sendText(res, record, 200, nodeJson({ Error: message }));
    }
  };

  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    void readBody(req).then(
      (text) => handle(req, res, text),
      () => req.socket.destroy(),
    );
  });
  const listening = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  const unsubscribe = options.delegations?.subscribe(state);

  return {
    baseUrl: listening.origin,
    close: () => {
      unsubscribe?.();
      return listening.close();
    },
    faults,
    get requests() {
      return log.toArray();
    },
    requestCount: (path) => (path === undefined ? [...counts.values()].reduce((a, b) => a + b, 0) : (counts.get(path) ?? 0)),
    state,
    get transfers() {
      settle();
      return transfers;
    },
    account: (address) => {
      const t = settle();
      const wallet = state.wallets.get(address);
      if (!wallet) return undefined;
      return {
        activated: true,
        trxSun: wallet.trxSun,
        usdtMicros: state.usdtOf(address),
        energyLimit: state.energyLimitAt(wallet, t),
        energyUsed: usageAt(wallet.energy, t),
        netLimit: state.netLimitAt(wallet, t),
        netUsed: usageAt(wallet.net, t),
        freeNetUsed: usageAt(wallet.freeNet, t),
      };
    },
    addWallet: (seed) => void state.addWallet(seed),
    transfer: (from, to, amountMicros) => {
      const record = sendUsdt(state, from, to, amountMicros, settle(), energy);
      transfers.push(record);
      return record;
    },
  };
}
