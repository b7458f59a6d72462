import type { AddressCheckView, OrderView, QuoteView } from '../../shared/ipc.ts';
import type { ResourceType } from '../../shared/views.ts';
import { tronAddressProblem } from '../api/address.ts';
import { addressProblemText, cleanAddress } from '../../shared/order-rules.ts';
import type { OrderIntent } from '../orders/order-types.ts';
import { submitPaidOrderWithCause, type SubmitOutcome } from '../orders/submit-paid-order.ts';
import { AppError } from './app-error.ts';
import type { OrderViews } from './order-views.ts';
import type { Session } from './session.ts';
import type { SessionManager } from './session-manager.ts';
import { toQuoteView } from './to-views.ts';

/**
 * What the dashboard asks to buy: quotes, timed orders, top-ups, activations
 * and reclaims. Every paid call goes through submitPaidOrder (checked once by
 * the client, journaled before it is sent, sent once) inside the session, so
 * closing the session waits for it.
 */
export class OrderCommands {
  private readonly sessions: SessionManager;
  private readonly orders: OrderViews;

  constructor(deps: { sessions: SessionManager; orders: OrderViews }) {
    this.sessions = deps.sessions;
    this.orders = deps.orders;
  }

  checkAddress(address: string): AddressCheckView {
    const problem = tronAddressProblem(cleanAddress(address));
    return problem === null ? { valid: true, reason: null } : { valid: false, reason: addressProblemText(problem) };
  }

  async quoteTimed(type: ResourceType, count: number, period: string): Promise<QuoteView> {
    return toQuoteView((await this.sessions.require().api.queryPrice({ type, count, period })).data);
  }

  async quoteFastRecover(resourceType: ResourceType, count: number): Promise<QuoteView> {
    return toQuoteView((await this.sessions.require().api.queryFastRecoverPrice(resourceType, count)).data);
  }

  async buyTimed(request: { type: ResourceType; address: string; count: number; period: string }): Promise<OrderView> {
    const session = this.sessions.require();
    const timed = { address: cleanAddress(request.address), count: request.count, period: request.period };
    return this.submit(session, { kind: request.type, profileId: session.profileId, resource: request.type, ...timed });
  }

  async buyFastRecover(request: { resourceType: ResourceType; address: string; count: number }): Promise<OrderView> {
    const session = this.sessions.require();
    const address = cleanAddress(request.address);
    return this.submit(session, { kind: 'fast_recover', profileId: session.profileId, address, resource: request.resourceType, count: request.count });
  }

  async activateAddress(address: string): Promise<OrderView> {
    const session = this.sessions.require();
    return this.submit(session, { kind: 'activation', profileId: session.profileId, address: cleanAddress(address) });
  }

  async reclaim(localId: string): Promise<OrderView> {
    const session = this.sessions.require();
    const order = this.orders.find(session, localId);
    if (!this.orders.view(session, order).reclaimable || !order.orderSn) {
      throw new AppError('invalid_request', 'Only a finished timed order that was not reclaimed yet can be reclaimed.');
    }
    const result = await this.submit(session, { kind: 'reclaim', profileId: session.profileId, address: order.address, orderSn: order.orderSn });
    // The original order is no longer reclaimable: tell the dashboard.
    this.orders.publish(session, order.localId);
    return result;
  }

  /**
   * After a paid call: track and publish the journaled order; when the call
   * failed or its outcome is unknown, throw its error so the form says so in
   * words (the order list shows the record too).
   */
  settle(session: Session, outcome: SubmitOutcome): OrderView {
    session.scheduler.track(outcome.order.localId);
    this.orders.publish(session, outcome.order.localId);
    const { state, error } = outcome.order;
    if (state === 'failed' || state === 'outcome_unknown') {
      throw outcome.cause ?? new AppError(state, error ?? 'The order did not go through.');
    }
    return this.orders.view(session, outcome.order);
  }

  private async submit(session: Session, intent: OrderIntent): Promise<OrderView> {
    return this.settle(session, await session.track(submitPaidOrderWithCause({ api: session.api, journal: session.journal }, intent)));
  }
}
