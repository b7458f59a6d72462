import { createServer } from 'node:http';
import { RingLog } from '../base/ring-log.ts';
import type { OrderInfo, SimContext, Timing } from './context.ts';
import { DEFAULT_TIMING } from './context.ts';
import { DelegationFeed } from './delegation-link.ts';
import type { DelegationSource } from './delegation-link.ts';
import type { FaultControl } from './faults.ts';
import { FaultTable, normalizePath } from './faults.ts';
import { listen } from './listen.ts';
import { BASE_PATH } from './routes.ts';
import type { RequestRecord } from './server.ts';
import { createRequestListener } from './server.ts';
import type { OrderOutcome } from './state.ts';
import { accountOf, createState, settle } from './state.ts';

/**
 * A spec-faithful stand-in for the service (spec sections 4, 5, 7, 8) on
 * node:http. It ships with the app: demo mode runs it in-process.
 */

export type { Fault, FaultControl, FaultPhase, InjectOptions, RandomFaultOptions } from './faults.ts';
export type { OrderInfo, Timing } from './context.ts';
export type { RequestRecord } from './server.ts';
export type { OrderOutcome } from './state.ts';
export type { Delegation, DelegationListener, DelegationSource } from './delegation-link.ts';
export { DEFAULT_TIMING } from './context.ts';
export { FAST_STATUS, TIMED_STATUS, POOL_ADDRESSES } from './order-progress.ts';
export * from './pricing.ts';
export { isTronAddress, tronAddressFromSeed } from './tron-address.ts';

export interface SimUser {
  apiKey: string;
  secret: string;
  trxSun: bigint;
  usdtMicros: bigint;
}

export const DEMO_USER: Readonly<SimUser> = Object.freeze({
  apiKey: 'demo-api-key',
  secret: 'demo-api-secret',
  trxSun: 500_000_000n,
  usdtMicros: 100_000_000n,
});

export interface SimulatorOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Default: DEMO_USER alone. */
  users?: SimUser[];
  /** ms clock; order progress is derived from it when observed, so fake or scaled clocks work. Default Date.now. */
  now?: () => number;
  timing?: Partial<Timing>;
  /** Decided when the order is created. Default: always 'success'. */
  outcome?: (order: OrderInfo) => OrderOutcome;
  /** Per-order completion delay in ms, overriding `timing`; undefined falls back to it. */
  finishAt?: (order: OrderInfo) => number | undefined;
  /** Valid addresses that count as not activated until active_account has run for them. */
  unactivated?: string[];
  /** get_smart_price: emit deposit_amount and min_energy_count as JSON numbers instead of strings. */
  smartPriceNumbers?: boolean;
  /** Prices at this percent of the list now (a price spike: 250 = ×2.5), quoted and charged alike. Default 100. */
  pricePercent?: () => bigint;
  /** The request log keeps the last this many records, a ring (default 100,000): demo mode runs for days. */
  requestLogLimit?: number;
}

export interface Simulator {
  /** e.g. http://127.0.0.1:PORT/v2 */
  readonly baseUrl: string;
  close(): Promise<void>;
  readonly faults: FaultControl;
  /** The last requests received (up to requestLogLimit), in arrival order: a copy, for inspection. Holds no secret. */
  readonly requests: ReadonlyArray<Readonly<RequestRecord>>;
  /** Requests received to one path ('/buy_energy' or '/v2/buy_energy'), or all: every one, also those the log no longer holds. */
  requestCount(path?: string): number;
  balanceOf(apiKey: string): { trxSun: bigint; usdtMicros: bigint };
  setBalance(apiKey: string, trxSun: bigint): void;
  /** The server's clock runs this far from now() (for skew tests). */
  setClockOffsetSeconds(seconds: number): void;
  /** Delegations made by successful orders, for the TRON node simulator (startNodeSimulator's `delegations`). */
  readonly delegations: DelegationSource;
}

function timingOf(partial: Partial<Timing> | undefined): Timing {
  const timing = { ...DEFAULT_TIMING };
  for (const key of Object.keys(timing) as (keyof Timing)[]) {
    const value = partial?.[key];
    if (value !== undefined) timing[key] = value;
  }
  return timing;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const now = options.now ?? (() => Date.now());
  let offsetMs = 0;
  const serverNow = (): number => now() + offsetMs;
  const state = createState(options.users ?? [DEMO_USER], options.unactivated ?? []);
  const outcome = options.outcome ?? (() => 'success' as const);
  const finishAt = options.finishAt ?? (() => undefined);
  const delegations = new DelegationFeed();
  const ctx: SimContext = {
    state,
    serverNow,
    timing: timingOf(options.timing),
    outcome,
    delayOf: (order, fallbackMs) => finishAt(order) ?? fallbackMs,
    smartPriceNumbers: options.smartPriceNumbers ?? false,
    link: delegations,
    pricePercent: options.pricePercent ?? (() => 100n),
  };
  const faults = new FaultTable();
  const log = new RingLog<RequestRecord>(options.requestLogLimit ?? 100_000);
  const counts = new Map<string, number>();
  const server = createServer({ keepAliveTimeout: 5000 }, createRequestListener({ ctx, faults, log, counts, now }));

  const listening = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);

  return {
    baseUrl: `${listening.origin}${BASE_PATH}`,
    close: listening.close,
    faults,
    get requests() {
      return log.toArray();
    },
    requestCount: (path) => (path === undefined ? [...counts.values()].reduce((a, b) => a + b, 0) : (counts.get(normalizePath(path)) ?? 0)),
    balanceOf: (apiKey) => {
      settle(state, serverNow());
      const account = accountOf(state, apiKey);
      return { trxSun: account.trxSun, usdtMicros: account.usdtMicros };
    },
    setBalance: (apiKey, trxSun) => {
      accountOf(state, apiKey).trxSun = trxSun;
    },
    setClockOffsetSeconds: (seconds) => {
      offsetMs = seconds * 1000;
    },
    delegations,
  };
}
