// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import { msg, type Message } from '../../../shared/i18n/message.ts';
import { ARRIVAL_GRACE_MS } from '../../../shared/top-up.ts';
import type { ArrivalView } from '../../../shared/views.ts';
import type { TrackedOrder } from '../../orders/order-types.ts';
import { readingBasis, type WalletReadings } from './wallet-views.ts';

interface Arrival {
  localId: string;
  orderSn: string | null;
  finishedAt: number;
}

/**
 * The last energy order per address that succeeded. Until a reading of the
 * address has begun since, what the wallet "has" predates that energy, so
 * every offer computed from it would buy again what is on its way: offers
 * wait ("energy arriving") and a top-up is refused. Within the arrival grace
 * after it, a manual top-up asks first.
 */
export class WalletArrivals {
  private readonly last = new Map<string, Arrival>();

  record(order: TrackedOrder, now: number): void {
    this.last.set(order.address, { localId: order.localId, orderSn: order.orderSn, finishedAt: order.finishedAt ?? now });
  }

  clear(): void {
    this.last.clear();
  }

  /** When the last energy order for the address finished; an offer from a reading older than this is stale. */
  finishedAt(address: string): number | null {
    return this.last.get(address)?.finishedAt ?? null;
  }

  /** No reading of the address has begun since its last energy order finished. */
  waiting(address: string, readings: WalletReadings): boolean {
    const finishedAt = this.finishedAt(address);
    if (finishedAt === null) return false;
    const basis = readingBasis(readings);
    return basis === null || basis < finishedAt;
  }

  /** Whether a figure read at `basisAt` already counts the last finished order's energy. */
  isCurrent(address: string, basisAt: number | null): boolean {
    const finishedAt = this.finishedAt(address);
    return finishedAt === null || (basisAt !== null && basisAt >= finishedAt);
  }

  view(address: string, readings: WalletReadings, now: number): ArrivalView | null {
    const arrival = this.last.get(address);
    if (!arrival) return null;
    const waiting = this.waiting(address, readings);
    if (!waiting && now - arrival.finishedAt >= ARRIVAL_GRACE_MS) return null;
    return { ...arrival, waiting };
  }

  /** Words for a refusal while the energy is on its way. */
  waitingText(address: string, label: string): Message | null {
    const arrival = this.last.get(address);
    if (!arrival) return null;
    return msg('errors:app.energyArriving', { order: arrival.orderSn ?? arrival.localId, name: { name: label } });
  }
}
