// app/orders: the paid-order lifecycle (placing, settling, the daily limit), quotes, order views and reports.
import { msg } from '../../../shared/i18n/message.ts';
import type { OrderDetailView, OrderFilterView, OrderPageView, OrderQueryView, OrderView, SmartPriceView } from '../../../shared/ipc.ts';
import type { OrderFilter } from '../../orders/order-history.ts';
import type { TrackedOrder } from '../../orders/order-types.ts';
import { TypedEmitter } from '../../base/typed-emitter.ts';
import { delegatedUntil, periodLengthMs } from '../../../shared/order-rules.ts';
import type { Clock } from '../../base/clock.ts';
import { AppError } from '../app-error.ts';
import type { EventSink } from '../ports.ts';
import type { Session } from '../session/session.ts';
import type { SessionManager } from '../session/session-manager.ts';
import { toOrderView, toSmartPriceView } from './to-views.ts';

export interface OrderViewsDeps {
  sessions: SessionManager;
  clock: Clock;
  events: EventSink;
}

/** The IPC filter as the journal's query (the same fields; copies, never the request object itself). */
export function toOrderFilter(view: OrderFilterView): OrderFilter {
  return {
    ...(view.states ? { states: [...view.states] } : {}),
    ...(view.kinds ? { kinds: [...view.kinds] } : {}),
    ...(view.address !== undefined && view.address.trim() !== '' ? { address: view.address } : {}),
    ...(view.from !== undefined ? { from: view.from } : {}),
    ...(view.to !== undefined ? { to: view.to } : {}),
    ...(view.text !== undefined && view.text.trim() !== '' ? { text: view.text } : {}),
  };
}

/**
 * A succeeded timed order while its delegation lasts: after its period the
 * resource is back with the service and there is nothing to reclaim (the
 * service answers 404). A period the app cannot measure stays reclaimable:
 * the service has the last word.
 */
const canBeReclaimed = (o: TrackedOrder, now: number): o is TrackedOrder & { orderSn: string } => {
  if ((o.kind !== 'energy' && o.kind !== 'net') || o.state !== 'succeeded' || o.orderSn === null) return false;
  const until = delegatedUntil(o);
  return until === null ? periodLengthMs(o.period) === null : until > now;
};

/**
 * The orders as the dashboard and the tray see them, and the push of each
 * change. Every call costs what it shows: a page of the history is one query,
 * one order's view one indexed lookup, the tray's orders those in memory.
 */
export class OrderViews {
  private readonly deps: OrderViewsDeps;
  /** One order's view changed (its id); the tray redraws its orders in progress. */
  readonly events = new TypedEmitter<{ changed: string }>();

  constructor(deps: OrderViewsDeps) {
    this.deps = deps;
    deps.sessions.events.on('opened', ({ session }) => {
      // No live() check here: publish() drops a closed session's late updates itself.
      session.scheduler.events.on('orderUpdated', (order) => this.publish(session, order.localId));
    });
  }

  /** One page of the live session's history, newest first, with the total its filter matches. */
  query(query: OrderQueryView): OrderPageView {
    const session = this.deps.sessions.current();
    if (!session) return { orders: [], total: 0, offset: query.offset };
    const page = session.journal.history.page(toOrderFilter(query), query.offset, query.limit);
    const now = this.deps.clock.now();
    return {
      orders: page.rows.map(({ order, reclaimed }) => toOrderView(order, canBeReclaimed(order, now) && !reclaimed)),
      total: page.total,
      offset: query.offset,
    };
  }

  /** The orders under way (submitting or running), oldest first: from memory, whatever the history's size. */
  inProgress(): OrderView[] {
    const session = this.deps.sessions.current();
    if (!session) return [];
    return session.journal
      .active()
      .filter((o) => o.state === 'submitting' || o.state === 'running')
      .map((o) => toOrderView(o, false));
  }

  /** The journal's record of `localId` in `session`, or not_found. */
  find(session: Session, localId: string): TrackedOrder {
    const order = session.journal.get(localId);
    if (!order) throw new AppError('not_found', msg('errors:app.noOrder'));
    return order;
  }

  view(session: Session, order: TrackedOrder): OrderView {
    const current = session.journal.get(order.localId) ?? order;
    return toOrderView(current, canBeReclaimed(current, this.deps.clock.now()) && !session.journal.history.isReclaimed(current.orderSn));
  }

  async detail(localId: string): Promise<OrderDetailView> {
    const session = this.deps.sessions.require();
    const order = this.find(session, localId);
    const view = this.view(session, order);
    if ((order.kind === 'energy' || order.kind === 'net') && order.orderSn) {
      const result = (await session.api.queryResult(order.orderSn)).data;
      return { order: view, subOrders: result.orders.map((s) => ({ ...s })), serverStatus: result.status };
    }
    if (order.kind === 'fast_recover' && order.orderId !== null) {
      const result = (await session.api.queryFastRecoverOrder(order.orderId)).data;
      const subOrders = result.delegateTxid
        ? [{ fromAddress: '', txId: result.delegateTxid, count: result.actualRecoverCount ?? result.energyCount }]
        : [];
      return { order: view, subOrders, serverStatus: result.status };
    }
    return { order: view, subOrders: [], serverStatus: order.serverStatus };
  }

  async smartPrice(): Promise<SmartPriceView> {
    return toSmartPriceView((await this.deps.sessions.require().api.getSmartPrice()).data);
  }

  /** Pushes one order's new view to the dashboard and redraws the tray (only for the live session). */
  publish(session: Session, localId: string): void {
    if (this.deps.sessions.current() !== session) return;
    const order = session.journal.get(localId);
    if (!order) return;
    this.deps.events.emit('app:order-updated', this.view(session, order));
    this.events.emit('changed', localId);
  }
}
