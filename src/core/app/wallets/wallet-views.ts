// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import type { IncomingEnergyView, NodeBudgetView, SavingsView, WalletView } from '../../../shared/views.ts';
import { BLOCK_INTERVAL_MS } from '../../chain/resource-usage.ts';
import type { BudgetStatus } from '../../chain/request-budget.ts';
import type { WalletFigures } from '../../wallets/watcher-events.ts';
import type { Message } from '../../../shared/i18n/message.ts';
import type { ResourceReading } from '../../chain/chain-client.ts';
import type { TrackedOrder } from '../../orders/order-types.ts';
import type { MonthSavings } from '../../wallets/month-savings.ts';
import { isIncomingEnergy } from '../../wallets/order-energy.ts';
import { transfersCovered } from '../../wallets/need-estimate.ts';
import { typicalEnergyPerTransfer } from '../../wallets/transfer-need.ts';
import { energyPerTransfer, type WatchedWallet } from '../../wallets/watched-wallet.ts';

/** What the node last said about one address. */
export interface WalletReadings {
  /**
   * `reading`: the figures now (the last read predicted forward); `at`: when
   * that read answered, `startedAt` when it was sent (absent in older test
   * fixtures: then `at`); `vouchedAt`: nothing unseen can have changed them
   * before this (the chain was followed so far); `predicted`: they are a
   * prediction from a read older than a minute.
   */
  resources: { reading: ResourceReading; at: number; startedAt?: number; vouchedAt?: number; predicted?: boolean } | null;
  trx: { trxSun: bigint; activated: boolean; at: number } | null;
  error: Message | null;
  /** When a read of the address last failed (a later TRX read clears `error`, not this): auto top-up buys on nothing older. */
  failedAt?: number | null;
  /** After a failed read, when the next is due (the watcher's capped backoff or the node's Retry-After). */
  retryAt?: number | null;
}

export const NO_READINGS: Readonly<WalletReadings> = Object.freeze({ resources: null, trx: null, error: null });

function incoming(orders: readonly TrackedOrder[], address: string): IncomingEnergyView[] {
  return orders
    .filter((o) => isIncomingEnergy(o, address))
    .map((o) => ({ localId: o.localId, kind: o.kind, count: o.count, state: o.state }));
}

/** Whether the wallet cannot pay for one planned transfer (known only once it was read and is activated). */
export function isLow(wallet: WatchedWallet, readings: WalletReadings): boolean {
  const resources = readings.resources;
  if (!resources || !resources.reading.activated) return false;
  return transfersCovered(resources.reading.energy.available, energyPerTransfer(wallet)) < 1n;
}

/** When the reading the figures come from began; null before the first one. */
export const readingBasis = (readings: WalletReadings): number | null =>
  readings.resources ? (readings.resources.startedAt ?? readings.resources.at) : null;

export function toWalletView(
  wallet: WatchedWallet,
  readings: WalletReadings,
  orders: readonly TrackedOrder[],
  fastUntil: number,
  now: number,
  extra: Pick<WalletView, 'arrival' | 'offer'> = { arrival: null, offer: null },
): WalletView {
  const resources = readings.resources?.reading ?? null;
  const available = resources?.energy.available ?? null;
  const perTransfer = energyPerTransfer(wallet);
  // getaccount is the authority on activation; getaccountresource answers {} for an unknown account too.
  const activated = readings.trx?.activated ?? resources?.activated ?? null;
  return {
    id: wallet.id,
    address: wallet.address,
    label: wallet.label,
    plan: wallet.plan,
    exactRecipient: wallet.exactRecipient,
    energyPerTransfer: perTransfer.toString(),
    topUpTransfers: wallet.topUpTransfers,
    activated,
    energy: resources
      ? {
          limit: resources.energy.limit.toString(),
          used: resources.energy.used.toString(),
          available: resources.energy.available.toString(),
        }
      : null,
    bandwidth: resources
      ? {
          freeLimit: resources.bandwidth.freeLimit.toString(),
          freeUsed: resources.bandwidth.freeUsed.toString(),
          limit: resources.bandwidth.limit.toString(),
          used: resources.bandwidth.used.toString(),
          available: resources.bandwidth.available.toString(),
        }
      : null,
    trxSun: readings.trx?.trxSun.toString() ?? null,
    covered:
      available === null
        ? null
        : {
            planned: transfersCovered(available, perTransfer).toString(),
            toHolders: transfersCovered(available, typicalEnergyPerTransfer('holder')).toString(),
            toNewAddresses: transfersCovered(available, typicalEnergyPerTransfer('new')).toString(),
          },
    low: isLow(wallet, readings),
    readAt: readings.resources?.at ?? null,
    predicted: readings.resources?.predicted ?? false,
    trxReadAt: readings.trx?.at ?? null,
    fastUntil: fastUntil > now ? fastUntil : null,
    error: readings.error,
    retryAt: readings.error === null ? null : (readings.retryAt ?? null),
    incoming: incoming(orders, wallet.address),
    ...extra,
  };
}

export function toSavingsView(savings: MonthSavings): SavingsView {
  return {
    monthStart: savings.monthStart,
    savedSun: savings.savedSun.toString(),
    spentSun: savings.spentSun.toString(),
    wouldHaveBurnedSun: savings.wouldHaveBurnedSun.toString(),
    orders: savings.orders,
    uncounted: savings.uncounted,
  };
}

export function toBudgetView(status: BudgetStatus | null): NodeBudgetView | null {
  if (!status) return null;
  const { plan } = status;
  return {
    budget: status.budget,
    usedToday: status.usedToday,
    short: [...plan.short],
    refreshMs: Number.isFinite(plan.refreshMs) ? plan.refreshMs : null,
    followEverySeconds: (plan.followEvery * BLOCK_INTERVAL_MS) / 1_000,
  };
}

/** A figure from a read older than this is shown as a prediction ("≈ 128,000, read 14 min ago"). */
const PREDICTED_AFTER_MS = 60_000;

/** What is known of an address now: the watcher's last read predicted to `now`, its TRX (the newer of the two) and any failure. */
export function withFigures(kept: WalletReadings, figures: WalletFigures | null, now: number): WalletReadings {
  if (!figures) return kept;
  const { reading, readAt: at, startedAt, vouchedAt, snapshot } = figures;
  const resources = { reading, at, startedAt, vouchedAt, predicted: now - at >= PREDICTED_AFTER_MS };
  const trx = kept.trx && kept.trx.at >= at ? kept.trx : { trxSun: snapshot.trxSun, activated: snapshot.activated, at };
  return { ...kept, resources, trx };
}
