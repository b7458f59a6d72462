import type { Clock } from '../base/clock.ts';
import type { ChainFees, ChainReader } from '../chain/chain-client.ts';

/**
 * The chain's fees (getEnergyFee, getTransactionFee) change only by committee
 * proposal, months apart: one read an hour is plenty, shared by every
 * address, and made only when something needs it (an estimate, a top-up
 * quote, an order that succeeded), so idle watching costs no fee reads.
 */
export const FEE_CACHE_MS = 60 * 60_000;

export class FeeCache {
  private readonly clock: Clock;
  private readonly maxAgeMs: number;
  private cached: { fees: ChainFees; at: number } | null = null;
  private reading: Promise<ChainFees> | null = null;

  constructor(clock: Clock, maxAgeMs = FEE_CACHE_MS) {
    this.clock = clock;
    this.maxAgeMs = maxAgeMs;
  }

  /** Cached fees while fresh, else one read (concurrent callers share it). */
  get(chain: Pick<ChainReader, 'chainFees'>): Promise<ChainFees> {
    if (this.cached && this.clock.now() - this.cached.at < this.maxAgeMs) return Promise.resolve(this.cached.fees);
    this.reading ??= chain.chainFees().then(
      (fees) => {
        this.cached = { fees, at: this.clock.now() };
        this.reading = null;
        return fees;
      },
      (err: unknown) => {
        this.reading = null;
        throw err;
      },
    );
    return this.reading;
  }

  /** Another node: its fees are not known. */
  clear(): void {
    this.cached = null;
    this.reading = null;
  }
}
