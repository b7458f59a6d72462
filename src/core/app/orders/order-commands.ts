import { msg } from '../../../shared/i18n/message.ts';
import type { AddressCheckView, OrderView, QuoteView } from '../../../shared/ipc.ts';
import type { ResourceType } from '../../../shared/views.ts';
import { tronAddressProblem } from '../../api/address.ts';
import { addressProblemText, cleanAddress } from '../../../shared/order-rules.ts';
import type { OrderIntent } from '../../orders/order-types.ts';
import { submitPaidOrderWithCause, type SubmitOutcome } from '../../orders/submit-paid-order.ts';
import { AppError } from '../app-error.ts';
import { paidOrderApproval } from '../approvals/approval-requests.ts';
import type { Approvals } from '../approvals/approvals.ts';
import { largeOrderFacts, type LargeOrderRule } from '../../../shared/large-order.ts';
import type { DailyLimit } from './daily-limit.ts';
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
 * and reclaims, and `place`, the one paid path every purchase goes through
 * (the dashboard's, a preset's, a wallet top-up's, a rule's): fresh quote,
 * daily limit, a main-drawn approval when the dashboard asked, then
 * submitPaidOrder (checked once by the client, journaled before it is sent,
 * sent once) inside the session, so closing the session waits for it.
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
   * The paid path. A quote is taken now when the intent carries none
   * (activations have no price query: cost unknown; reclaims cost nothing).
   * Refused before anything is sent when the cost does not fit in what is
   * left of the daily limit, when the dashboard asked and the person did not
   * approve (asked after the client's checks, so an invalid order asks
   * nothing), or when the account changed while the dialog was open. The
   * limit is checked again inside the write transaction that journals the
   * intent, so two orders (of the app, or the app's and a CLI run's) cannot
   * both spend the last of it; `check` (a rule's "one order per address")
   * runs there too, after the limit.
   */
  async place(session: Session, intent: OrderIntent, origin: PaidOrigin, check?: () => void): Promise<SubmitOutcome> {
    // Only a dashboard order asks main, so only it needs the burn cost (read beside the quote, not after it).
    const energyOrder = intent.kind === 'energy' || (intent.kind === 'fast_recover' && (intent.resource ?? 'energy') === 'energy');
    const energy = energyOrder ? (intent.count ?? null) : null;
    const burning = origin.via === 'dashboard' ? this.burnOf('energy', energy) : Promise.resolve(null);
    const costSun = intent.quotedSun ?? (await this.quote(session, intent));
    const limited = intent.kind !== 'reclaim';
    const status = limited ? this.deps.limit.check(session, costSun ?? 0n) : null;
    const approve = async (): Promise<void> => {
      const rule = this.deps.largeOrder?.();
      const large = costSun !== null && rule ? largeOrderFacts(costSun, rule.balanceSun, rule.rule) : null;
      const limit = costSun === null ? null : status;
      const facts = { intent, costSun, host: session.host, demo: session.demo, limit, largeOrder: large, burnSun: await burning };
      await this.deps.approvals.require(
        paidOrderApproval(
          origin.via === 'dashboard' && origin.presetName !== undefined ? { ...facts, presetName: origin.presetName } : facts,
          this.deps.approvals.language(),
        ),
      );
      if (this.deps.sessions.current() !== session) throw new AppError('refused', msg('errors:app.accountChangedNothingSent'));
    };
    const deps = {
      api: session.api,
      journal: session.journal,
      ...(origin.via === 'dashboard' ? { approve } : {}),
      beforeJournal: (): void => {
        if (limited) this.deps.limit.check(session, costSun ?? 0n);
        check?.();
      },
    };
    const priced = costSun === null ? intent : { ...intent, quotedSun: costSun };
    return session.track(submitPaidOrderWithCause(deps, origin.via === 'rule' ? { ...priced, ruleId: origin.ruleId } : priced));
  }

  /**
   * After a paid call: track and publish the journaled order; when the call
   * failed or its outcome is unknown, throw its error so the form says so in
   * words (the order list shows the record too).
   */
  settle(session: Session, outcome: SubmitOutcome): OrderView {
    session.scheduler.track(outcome.order.localId);
    this.deps.orders.publish(session, outcome.order.localId);
    const { state } = outcome.order;
    if (state === 'failed' || state === 'outcome_unknown') {
      // Without the call's own error (a top-up accepted with no order id): the order's state in words; the order list has its detail.
      throw outcome.cause ?? new AppError(state, msg(state === 'failed' ? 'errors:app.orderFailed' : 'errors:app.orderOutcomeUnknown'));
    }
    return this.deps.orders.view(session, outcome.order);
  }

  private async dashboardOrder(session: Session, intent: OrderIntent): Promise<OrderView> {
    return this.settle(session, await this.place(session, intent, { via: 'dashboard' }));
  }

  /** The price of an order now, in SUN; null for an activation (no price query) and a reclaim (free). */
  private async quote(session: Session, intent: OrderIntent): Promise<bigint | null> {
    const { api } = session;
    switch (intent.kind) {
      case 'energy':
      case 'net':
        return (await api.queryPrice({ type: intent.kind, count: intent.count ?? 0, period: intent.period ?? '' })).data.amountSun;
      case 'fast_recover':
        return (await api.queryFastRecoverPrice(intent.resource ?? 'energy', intent.count ?? 0)).data.amountSun;
      case 'activation':
      case 'reclaim':
        return null;
    }
  }
}
