// app/orders: the paid-order lifecycle (placing, settling, the daily limit), quotes, order views and reports.
import { msg } from '../../../shared/i18n/message.ts';
import type { AddressCheckView, OrderView, QuoteView } from '../../../shared/ipc.ts';
import type { ResourceType } from '../../../shared/views.ts';
import { tronAddressProblem } from '../../api/address.ts';
import { addressProblemText, cleanAddress } from '../../../shared/order-rules.ts';
import type { OrderIntent } from '../../orders/order-types.ts';
import { placePaidOrder, settlePaidOrder, type DailyLimit, type PaidOrderFacts, type SubmitOutcome } from '../../orders/paid-order.ts';
import { AppError } from '../app-error.ts';
import { paidOrderApproval } from '../approvals/approval-requests.ts';
import type { Approvals } from '../approvals/approvals.ts';
import { largeOrderFacts, type LargeOrderRule } from '../../../shared/large-order.ts';
import type { OrderViews } from './order-views.ts';
import type { Session } from '../session/session.ts';
import type { SessionManager } from '../session/session-manager.ts';
import { toQuoteView } from './to-views.ts';

/**
 * Who asked for a paid order. The dashboard (the renderer) may only ask: main
 * draws an approval first. A tray click is itself a gesture in main's own UI,
 * and a rule (auto top-up) acts within caps its owner approved; neither asks.
 * The daily limit applies to all of them.
 */
export type PaidOrigin = { via: 'dashboard'; presetName?: string } | { via: 'tray' } | { via: 'rule'; ruleId: string };

const DASHBOARD: PaidOrigin = { via: 'dashboard' };

export interface OrderCommandsDeps {
  sessions: SessionManager;
  orders: OrderViews;
  approvals: Approvals;
  limit: DailyLimit;
  /** The balance and the large-order rule, so main's approval says "large order" in the dashboard's words. */
  largeOrder?: () => { balanceSun: bigint | null; rule: LargeOrderRule };
  /**
   * What burning TRX for `energy` would cost now (null: the fee cannot be
   * read): quotes carry it, and approvals say so when renting is not cheaper.
   */
  burnSun?: (energy: bigint) => Promise<bigint | null>;
}

/**
 * What the dashboard asks to buy: quotes, timed orders, top-ups, activations
 * and reclaims, and `place`, the app's side of the one paid-order lifecycle
 * (core/orders/paid-order.ts) that every purchase goes through (the
 * dashboard's, a preset's, a wallet top-up's, a rule's): the live session's
 * client, order store and daily limit, main's approval when the dashboard
 * asked, and the session's tracking, so closing the session waits for it.
 */
export class OrderCommands {
  private readonly deps: OrderCommandsDeps;

  constructor(deps: OrderCommandsDeps) {
    this.deps = deps;
  }

  checkAddress(address: string): AddressCheckView {
    const problem = tronAddressProblem(cleanAddress(address));
    return problem === null ? { valid: true, reason: null } : { valid: false, reason: addressProblemText(problem) };
  }

  async quoteTimed(type: ResourceType, count: number, period: string): Promise<QuoteView> {
    const api = this.deps.sessions.require().api;
    const [price, burnSun] = await Promise.all([api.queryPrice({ type, count, period }), this.burnOf(type, count)]);
    return toQuoteView(price.data, burnSun);
  }

  async quoteFastRecover(resourceType: ResourceType, count: number): Promise<QuoteView> {
    const api = this.deps.sessions.require().api;
    const [price, burnSun] = await Promise.all([api.queryFastRecoverPrice(resourceType, count), this.burnOf(resourceType, count)]);
    return toQuoteView(price.data, burnSun);
  }

  /** Burning TRX for `count` energy now; null for bandwidth, or when the fee cannot be read (a quote never waits on it failing). */
  private async burnOf(resource: ResourceType, count: number | null): Promise<bigint | null> {
    if (resource !== 'energy' || count === null || !this.deps.burnSun) return null;
    return this.deps.burnSun(BigInt(count)).catch(() => null);
  }

  /** A timed order; from the dashboard unless `origin` says main's own gesture (the tray) or a rule asked. */
  async buyTimed(
    request: { type: ResourceType; address: string; count: number; period: string },
    origin: PaidOrigin = DASHBOARD,
  ): Promise<OrderView> {
    const session = this.deps.sessions.require();
    const timed = { address: cleanAddress(request.address), count: request.count, period: request.period };
    return this.settle(
      session,
      await this.place(session, { kind: request.type, profileId: session.profileId, resource: request.type, ...timed }, origin),
    );
  }

  async buyFastRecover(
    request: { resourceType: ResourceType; address: string; count: number },
    origin: PaidOrigin = DASHBOARD,
  ): Promise<OrderView> {
    const session = this.deps.sessions.require();
    const address = cleanAddress(request.address);
    const intent = {
      kind: 'fast_recover' as const,
      profileId: session.profileId,
      address,
      resource: request.resourceType,
      count: request.count,
    };
    return this.settle(session, await this.place(session, intent, origin));
  }

  async activateAddress(address: string): Promise<OrderView> {
    const session = this.deps.sessions.require();
    return this.dashboardOrder(session, { kind: 'activation', profileId: session.profileId, address: cleanAddress(address) });
  }

  /**
   * Ends a delegation early: asked like a purchase (it gives up what was
   * paid for, and the spec documents no refund); it costs nothing, so the
   * daily limit does not apply.
   */
  async reclaim(localId: string): Promise<OrderView> {
    const session = this.deps.sessions.require();
    const order = this.deps.orders.find(session, localId);
    if (!this.deps.orders.view(session, order).reclaimable || !order.orderSn) {
      throw new AppError('invalid_request', msg('errors:app.notReclaimable'));
    }
    const result = await this.dashboardOrder(session, {
      kind: 'reclaim',
      profileId: session.profileId,
      address: order.address,
      orderSn: order.orderSn,
    });
    // The original order is no longer reclaimable: tell the dashboard.
    this.deps.orders.publish(session, order.localId);
    return result;
  }

  /**
   * The paid path: placePaidOrder with the live session's client, order store
   * and the settings' daily limit. When the dashboard asked, main's approval
   * is drawn (with the large-order and burn-cost notes) and the order is
   * refused if the account changed while the dialog was open. `check` (a
   * rule's "one order per address") runs inside the intent's write
   * transaction, after the limit.
   */
  async place(session: Session, intent: OrderIntent, origin: PaidOrigin, check?: () => void): Promise<SubmitOutcome> {
    // Only a dashboard order asks main, so only it needs the burn cost (read beside the quote, not after it).
    const energyOrder = intent.kind === 'energy' || (intent.kind === 'fast_recover' && (intent.resource ?? 'energy') === 'energy');
    const burning = origin.via === 'dashboard' ? this.burnOf('energy', energyOrder ? (intent.count ?? null) : null) : null;
    const approve = async ({ costSun, limit }: PaidOrderFacts): Promise<void> => {
      const rule = this.deps.largeOrder?.();
      const large = costSun !== null && rule ? largeOrderFacts(costSun, rule.balanceSun, rule.rule) : null;
      const facts = { intent, costSun, host: session.host, demo: session.demo, limit, largeOrder: large, burnSun: await burning };
      const named = origin.via === 'dashboard' && origin.presetName !== undefined ? { ...facts, presetName: origin.presetName } : facts;
      await this.deps.approvals.require(paidOrderApproval(named, this.deps.approvals.language()));
      if (this.deps.sessions.current() !== session) throw new AppError('refused', msg('errors:app.accountChangedNothingSent'));
    };
    const deps = { api: session.api, journal: session.journal, limit: this.deps.limit };
    const attributed = origin.via === 'rule' ? { ...intent, ruleId: origin.ruleId } : intent;
    return session.track(
      placePaidOrder(deps, attributed, { ...(origin.via === 'dashboard' ? { approve } : {}), ...(check ? { check } : {}) }),
    );
  }

  /**
   * After a paid call: the scheduler tracks the journaled order and the
   * dashboard gets it; when the call failed or its outcome is unknown, its
   * error is thrown so the form says so in words (the order list shows the
   * record too).
   */
  settle(session: Session, outcome: SubmitOutcome): OrderView {
    const order = settlePaidOrder(
      outcome,
      ({ localId }) => {
        session.scheduler.track(localId);
        this.deps.orders.publish(session, localId);
      },
      // Without the call's own error (a top-up accepted with no order id): the order's state in words; the order list has its detail.
      ({ state }) =>
        state === 'outcome_unknown'
          ? new AppError('outcome_unknown', msg('errors:app.orderOutcomeUnknown'))
          : new AppError('failed', msg('errors:app.orderFailed')),
    );
    return this.deps.orders.view(session, order);
  }

  private async dashboardOrder(session: Session, intent: OrderIntent): Promise<OrderView> {
    return this.settle(session, await this.place(session, intent, { via: 'dashboard' }));
  }
}
