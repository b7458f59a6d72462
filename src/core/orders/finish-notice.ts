import type { TypedEmitter } from '../base/typed-emitter.ts';
import type { OrderEvents } from './order-events.ts';
import type { OrderJournal } from './order-journal.ts';
import type { TrackedOrder } from './order-types.ts';

/**
 * The one `orderFinished` per order, also across restarts: notifiedAt is
 * persisted first, then the event goes out (docs/architecture.md: journal
 * "notified", then the Notifier). The other order would show it twice when
 * the app dies during the write: the notification is out, the mark is not on
 * disk, and the next start shows it again. This way at most one is ever shown;
 * a crash can only fall in the instant between the write completing and the emit.
 * The mark is claimed in the store (claimNotification): when another process
 * sharing it (a CLI run that printed the outcome) marked it first, nothing is
 * shown here, so an order is notified by exactly one process.
 */
export class FinishNotice {
  /** Off: finished orders are still marked notified, so turning it on later replays nothing. */
  enabled: boolean;
  private readonly journal: OrderJournal;
  private readonly events: TypedEmitter<OrderEvents>;
  private readonly notifying = new Set<string>();

  constructor(journal: OrderJournal, events: TypedEmitter<OrderEvents>, enabled: boolean) {
    this.journal = journal;
    this.events = events;
    this.enabled = enabled;
  }

  async send(order: TrackedOrder): Promise<void> {
    if (this.notifying.has(order.localId)) return;
    this.notifying.add(order.localId);
    let marked: TrackedOrder | undefined;
    try {
      const claim = await this.journal.claimNotification(order.localId);
      if (!claim.claimed) {
        this.events.emit('orderUpdated', claim.order);
        return;
      }
      marked = claim.order;
    } catch {
      // Reported by the journal as a notice; memory holds notifiedAt, so it is still shown once.
    }
    if (this.enabled) this.events.emit('orderFinished', marked ?? order);
    if (marked) this.events.emit('orderUpdated', marked);
  }
}
