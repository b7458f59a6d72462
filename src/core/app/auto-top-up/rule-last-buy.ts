// app/auto-top-up: the rules' storage, runtime, decisions and views around the pure engine in core/rules.
import type { DecisionRecord } from '../../rules/decision.ts';
import { StoredDecisionLog } from '../../rules/stored-decision-log.ts';
import type { Session } from '../session/session.ts';

/** The number a person knows an order by: its serial, else the service's id; null until the service gave one. */
export function orderSerial(session: Session, localId: string | null): string | null {
  if (localId === null) return null;
  const order = session.journal.get(localId);
  return order?.orderSn ?? (order?.orderId !== null && order?.orderId !== undefined ? `#${order.orderId}` : null);
}

interface Known {
  record: DecisionRecord | null;
  /** Found once the service numbered the order; looked up until then. */
  serial: string | null;
}

/**
 * Each rule's last purchase, for the "last bought 17:48, because …" line of
 * its card: read from the decision log once per rule and session (one
 * indexed query), then kept from the evaluations, so the tray and the
 * dashboard, which ask at every change, read nothing more.
 */
export class LastBuys {
  private readonly known = new Map<string, Known>();
  private session: Session | null = null;

  of(session: Session, ruleId: string): { record: DecisionRecord; serial: string | null } | null {
    this.follow(session);
    let known = this.known.get(ruleId);
    if (known === undefined) {
      known = { record: new StoredDecisionLog(session.journal.rules).list({ ruleId, kinds: ['buy'], limit: 1 })[0] ?? null, serial: null };
      this.known.set(ruleId, known);
    }
    if (known.record === null) return null;
    known.serial ??= orderSerial(session, known.record.orderLocalId);
    return { record: known.record, serial: known.serial };
  }

  /** A decision just recorded: a purchase becomes the rule's last. */
  note(session: Session, record: DecisionRecord): void {
    this.follow(session);
    if (record.kind === 'buy') this.known.set(record.ruleId, { record, serial: null });
  }

  private follow(session: Session): void {
    if (session === this.session) return;
    this.session = session;
    this.known.clear();
  }
}
