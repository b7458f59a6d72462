// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import { msg } from '../../../shared/i18n/message.ts';
import type { QuoteView, TopUpOption } from '../../../shared/views.ts';
import { energyShortfall, energyToOrder } from '../../wallets/need-estimate.ts';
import { energyPerTransfer, type WatchedWallet } from '../../wallets/watched-wallet.ts';
import { AppError } from '../app-error.ts';
import type { WalletReadings } from './wallet-views.ts';

export { TOP_UP_PERIOD } from '../../../shared/top-up.ts';

export interface TopUpNeed {
  perTransfer: bigint;
  available: bigint;
  missing: bigint;
  /** The missing energy raised to the service's minimum order; 0 when nothing is missing. */
  order: bigint;
}

/** What "cover N transfers" lacks, from the last reading; refused without a reading or for an address not activated. */
export function topUpNeed(wallet: WatchedWallet, readings: WalletReadings, transfers: number): TopUpNeed {
  const resources = readings.resources?.reading;
  const name = { name: wallet.label };
  if (!resources) throw new AppError('refused', msg('errors:app.walletNotRead', { name }));
  if (!resources.activated) throw new AppError('refused', msg('errors:app.walletCannotReceive', { name }));
  const perTransfer = energyPerTransfer(wallet);
  const count = BigInt(transfers);
  const available = resources.energy.available;
  return {
    perTransfer,
    available,
    missing: energyShortfall(available, perTransfer, count),
    order: energyToOrder(available, perTransfer, count),
  };
}

/** The cheaper of the two quotes that came back (a tie goes to renting for the period). */
export function cheaperOption(timed: QuoteView | null, fastRecover: QuoteView | null): TopUpOption | null {
  if (timed && fastRecover) return BigInt(fastRecover.amountSun) < BigInt(timed.amountSun) ? 'fast_recover' : 'timed';
  return timed ? 'timed' : fastRecover ? 'fast_recover' : null;
}
