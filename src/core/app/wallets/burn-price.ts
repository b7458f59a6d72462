// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import { msg } from '../../../shared/i18n/message.ts';
import type { Clock } from '../../base/clock.ts';
import { userText } from '../../base/domain-error.ts';
import type { ChainReader } from '../../chain/chain-client.ts';
import type { EnergyFeeResult } from '../../rules/burn-ceiling.ts';
import type { FeeCache } from '../../wallets/fee-cache.ts';
import { energyBurnSun } from '../../wallets/need-estimate.ts';

/** How long a person's quote or approval waits for the fee when it is not cached: after that it is shown without the burn figure. */
export const BURN_WAIT_MS = 2_000;

export interface BurnPriceDeps {
  clock: Clock;
  /** Default BURN_WAIT_MS. */
  waitMs?: number;
  /** The TRON node now (the settings' or the demo's); null before one is connected. */
  chain(): Pick<ChainReader, 'chainFees'> | null;
  /** The wallet service's fee cache: one read an hour, shared with estimates and "saved vs burned". */
  fees: FeeCache;
}

/**
 * What burning TRX for energy costs now: the chain's energy fee
 * (getEnergyFee) from the node the wallets are read from. Auto top-up never
 * buys above it (rules/burn-ceiling.ts); a manual purchase above it is said
 * in the dashboard's confirmation and in main's approval.
 */
export class BurnPrice {
  private readonly deps: BurnPriceDeps;

  constructor(deps: BurnPriceDeps) {
    this.deps = deps;
  }

  /** SUN per energy unit now, or why it cannot be read. Never throws. */
  async energyFee(): Promise<EnergyFeeResult> {
    const chain = this.deps.chain();
    if (!chain) return { ok: false, text: msg('errors:app.noNode') };
    try {
      return { ok: true, sun: (await this.deps.fees.get(chain)).energyFeeSun };
    } catch (err) {
      return { ok: false, text: userText(err) };
    }
  }

  /** What burning TRX for `energy` units would cost now; null when the fee cannot be read. */
  async burnSun(energy: bigint): Promise<bigint | null> {
    const fee = await this.energyFee();
    return fee.ok ? energyBurnSun(energy, fee.sun) : null;
  }

  /**
   * As burnSun, for a person waiting on a quote or main's dialog: the cached
   * fee at once, else at most `waitMs` for a read (which goes on and fills
   * the cache for the next time); null when it is not known by then.
   */
  async burnSunSoon(energy: bigint): Promise<bigint | null> {
    let timer: unknown;
    const late = new Promise<null>((resolve) => {
      timer = this.deps.clock.setTimeout(() => resolve(null), this.deps.waitMs ?? BURN_WAIT_MS);
    });
    try {
      return await Promise.race([this.burnSun(energy), late]);
    } finally {
      this.deps.clock.clearTimeout(timer);
    }
  }
}
