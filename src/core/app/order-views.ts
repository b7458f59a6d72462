import type { OrderDetailView, OrderView, SmartPriceView } from '../../shared/ipc.ts';
import type { TrackedOrder } from '../orders/order-types.ts';
import { AppError } from './app-error.ts';
import type { EventSink } from './ports.ts';
import type { Session } from './session.ts';
import type { SessionManager } from './session-manager.ts';
import { reclaimedSerials, toOrderView, toSmartPriceView } from './to-views.ts';

export interface OrderViewsDeps {
  sessions: SessionManager;
  events: EventSink;
  renderTray(): void;
}

/** The orders as the dashboard and the tray see them, and the push of each change. */
export class OrderViews {
  private readonly deps: OrderViewsDeps;

  constructor(deps: OrderViewsDeps) {
    this.deps = deps;
    deps.sessions.events.on('opened', ({ session }) => {
      // No live() check here: publish() drops a closed session's late updates itself.
      session.scheduler.events.on('orderUpdated', (order) => this.publish(session, order.localId));
    });
  }

  list(): OrderView[] {
    const session = this.deps.sessions.current();
    if (!session) return [];
    const orders = session.journal.list();
    const reclaimed = reclaimedSerials(orders);
    return orders.map((o) => toOrderView(o, reclaimed)).sort((a, b) => b.createdAt - a.createdAt);
  }

  /** The journal's record of `localId` in `session`, or not_found. */
  find(session: Session, localId: string): TrackedOrder {
    const order = session.journal.get(localId);
    if (!order) throw new AppError('not_found', 'That order is not in the order list.');
    return order;
  }

  view(session: Session, order: TrackedOrder): OrderView {
    return toOrderView(session.journal.get(order.localId) ?? order, reclaimedSerials(session.journal.list()));
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
      const subOrders = result.delegateTxid ? [{ fromAddress: '', txId: result.delegateTxid, count: result.actualRecoverCount ?? result.energyCount }] : [];
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
    this.deps.renderTray();
  }
}
