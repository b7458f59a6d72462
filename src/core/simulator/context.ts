import type { DelegationListener } from './delegation-link.ts';
import type { Params } from './params.ts';
import type { Account, OrderOutcome, SimState } from './state.ts';

export interface OrderInfo {
  kind: 'energy' | 'net' | 'fast_recover';
  address: string;
  count: number;
}

export interface Timing {
  /** buy_energy / buy_net: creation until success or failure. */
  timedOrderMs: number;
  /** buy_fast_recover: creation until success or failure. */
  fastRecoverMs: number;
  /** reclaim_energy: 'reclaiming' until 'reclaimed'. */
  reclaimMs: number;
  /** active_account: until an address listed as unactivated counts as activated. */
  activationMs: number;
}

export const DEFAULT_TIMING: Readonly<Timing> = {
  timedOrderMs: 3000,
  fastRecoverMs: 2000,
  reclaimMs: 2000,
  activationMs: 2000,
};

/** What every endpoint handler sees. */
export interface SimContext {
  readonly state: SimState;
  /** The server's clock in ms: the injected now() plus the clock offset. */
  serverNow(): number;
  readonly timing: Readonly<Timing>;
  outcome(order: OrderInfo): OrderOutcome;
  /** Completion delay of a new order in ms. */
  delayOf(order: OrderInfo, fallbackMs: number): number;
  readonly smartPriceNumbers: boolean;
  /** Prices now, in percent of the list (100 outside a price spike): applied to quotes and charges alike. */
  pricePercent(): bigint;
  /** Told about every delegation a successful order makes (the TRON node simulator listens). */
  readonly link: DelegationListener;
}

export interface Call {
  readonly account: Account;
  readonly params: Params;
}

export interface Endpoint {
  readonly method: 'GET' | 'POST';
  /** Where the parameters are: URL query, or the form-urlencoded body. */
  readonly params: 'query' | 'form';
  /** Returns the envelope's data, or throws SimError. */
  handle(ctx: SimContext, call: Call): unknown;
}

/** A GET with URL query parameters: the reads. */
export const queryGet = (handle: Endpoint['handle']): Endpoint => ({ method: 'GET', params: 'query', handle });

/** A POST with a form body: the paid calls and reclaim. */
export const formPost = (handle: Endpoint['handle']): Endpoint => ({ method: 'POST', params: 'form', handle });
