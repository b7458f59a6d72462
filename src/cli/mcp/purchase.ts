import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ServiceApi } from '../../core/api/types.ts';
import {
  allowanceOf,
  allowanceVerdict,
  AllowanceRefusedError,
  type Allowance,
  type AllowanceRefusal,
} from '../../core/assistant/allowance.ts';
import type { OrderJournal } from '../../core/orders/order-journal.ts';
import type { AssistantOrigin, TrackedOrder } from '../../core/orders/order-types.ts';
import { checkSpendLimit, startOfLocalDay } from '../../core/orders/spend-limit.ts';
import { placePaidOrder, type DailyLimit } from '../../core/orders/paid-order.ts';
import { commandLine } from '../program.ts';
import type { Confirmation } from './confirmation.ts';
import type { McpSession } from './mcp-session.ts';
import { OrderFollower } from './order-follower.ts';
import { PurchaseRefusal, requestOf, requote, type Covered, type PurchasePlan } from './purchase-plan.ts';
import { fail, ok, orderJson, sunFields } from './tool-output.ts';
import { exactMoney, m, money, moneyPair } from './words.ts';

/** Why the allowance refused, in the assistant's words (the mcp catalogue). */
function refusalWords(why: AllowanceRefusal, allowance: Allowance | null, address: string, costSun: bigint, spentSun: bigint): string {
  switch (why) {
    case 'off':
      return m('refused.off', { command: commandLine('allowance') });
    case 'address':
      return m('refused.address', {
        address,
        scope: allowance?.watchedOnly === false ? m('refused.scopeList') : m('refused.scopeWatched'),
      });
    case 'per_order': {
      const [cost, limit] = moneyPair(costSun, allowance?.perOrderSun ?? 0n);
      return m('refused.perOrder', { cost, limit });
    }
    case 'per_day': {
      // The sentence compares today's spend plus the cost with the limit: all exact where rounding would hide that.
      const limitSun = allowance?.dailySun ?? 0n;
      const show = moneyPair(spentSun + costSun, limitSun)[0] === money(spentSun + costSun) ? money : exactMoney;
      return m('refused.perDay', { cost: show(costSun), spent: show(spentSun), limit: show(limitSun) });
    }
  }
}

/**
 * The assistant's paid path (top_up_wallet, buy_energy, fast_recover), the
 * CLI's runPaid for an assistant: a fresh quote (in the plan), then the
 * assistant allowance and the daily limit, at most one purchase per address
 * under way, the person's confirmation when the client can ask (declining
 * sends nothing), and the app's paid-order lifecycle (placePaidOrder, which
 * applies the daily limit again): the intent journaled with its origin
 * (via assistant: the client's name and the reason) in the profile's order
 * store, the allowance, the limit and "nothing under way for this address"
 * checked again inside that write transaction (the app or another server
 * cannot spend the same allowance in between), the request sent once. A
 * refusal by the allowance is written to the store for the running app to
 * show. Nothing here holds the profile lock: the app may run meanwhile.
 */
export class AssistantPurchases {
  private readonly session: McpSession;
  private readonly confirmation: Confirmation;
  private readonly follower: OrderFollower;
  private readonly client: () => string;
  /** Addresses with a purchase being decided or sent by this server: a second call waits for nothing, it is refused. */
  private readonly busy = new Set<string>();

  constructor(deps: { session: McpSession; confirmation: Confirmation; client: () => string }) {
    this.session = deps.session;
    this.confirmation = deps.confirmation;
    this.client = deps.client;
    this.follower = new OrderFollower();
  }

  async close(): Promise<void> {
    await this.follower.stop();
  }

  /** Plans (a fresh quote), then a dry run's answer or the purchase. */
  async run(reason: string, dryRun: boolean, plan: (api: ServiceApi) => Promise<PurchasePlan | Covered>): Promise<CallToolResult> {
    const { api, target } = dryRun ? await this.session.connect() : await this.session.connectForPurchase();
    let planned: PurchasePlan | Covered;
    try {
      planned = await plan(api);
    } catch (err) {
      if (err instanceof PurchaseRefusal) return fail(err.message);
      throw err;
    }
    if ('covered' in planned) {
      const message = m('result.covered', { address: planned.address, count: planned.transfers });
      return ok(purchaseJson({ dryRun, bought: false, message, address: planned.address, plan: null, request: null, order: null }));
    }
    if (dryRun) {
      const request = requestOf(planned, target.url);
      return ok(
        purchaseJson({ dryRun, bought: false, message: m('result.dryRun'), address: planned.address, plan: planned, request, order: null }),
      );
    }
    if (target.profileId === undefined) return fail(m('refused.noProfile'));
    if (this.busy.has(planned.address)) return fail(m('refused.busy', { address: planned.address }));
    this.busy.add(planned.address);
    try {
      return await this.buy(api, target.profileId, target.host, planned, reason.trim());
    } finally {
      this.busy.delete(planned.address);
    }
  }

  private async buy(api: ServiceApi, profileId: string, host: string, plan: PurchasePlan, reason: string): Promise<CallToolResult> {
    const journal = await this.session.journal();
    const origin: AssistantOrigin = { client: this.client(), reason };
    const { check, limit } = await this.checker(journal, profileId, plan);
    try {
      check(plan.costSun);
    } catch (err) {
      return this.refused(err, journal, origin, plan);
    }
    const asked = await this.confirmation.ask({ plan, origin, host, ...(await this.dayFacts(journal, profileId)) });
    if (asked === 'declined') return fail(m('refused.declined'));
    let costSun = plan.costSun;
    if (asked === 'confirmed') {
      costSun = await requote(api, plan);
      if (costSun > plan.costSun) {
        const [shown, now] = moneyPair(plan.costSun, costSun);
        return fail(m('refused.priceRose', { shown, now }));
      }
    }
    const intent = { ...plan.intent, profileId, quotedSun: costSun, assistant: origin };
    let outcome;
    try {
      outcome = await placePaidOrder({ api, journal, limit }, intent, { check: () => check(costSun) });
    } catch (err) {
      return this.refused(err, journal, origin, plan);
    }
    const order = outcome.order;
    // Followed while the server runs (its state for get_order, and "under way" ends); the app notifies when it finishes.
    if (order.state === 'running') this.follower.follow(api, journal, order.localId);
    if (outcome.reply === null) throw outcome.cause;
    return ok(
      purchaseJson({ dryRun: false, bought: true, message: '', address: plan.address, plan: { ...plan, costSun }, request: null, order }),
    );
  }

  /**
   * The checks run before asking and again inside the intent's write
   * transaction: the assistant allowance (the settings as they are now), the
   * daily limit, no order for the address being sent or under way, and none
   * placed for it since this purchase was planned.
   */
  private async checker(
    journal: OrderJournal,
    profileId: string,
    plan: PurchasePlan,
  ): Promise<{ check: (costSun: bigint) => void; limit: DailyLimit }> {
    const { address } = plan;
    const [settings, watched] = await Promise.all([this.session.settings(), this.session.watched()]);
    const allowance = allowanceOf(settings.assistantAllowances, profileId);
    const limitSun = BigInt(settings.dailyLimitSun);
    const addresses = watched.map((w) => w.address);
    const limit: DailyLimit = { sun: () => limitSun, now: () => Date.now() };
    const check = (costSun: bigint): void => {
      const now = Date.now();
      const spent = journal.assistant.assistantDay(startOfLocalDay(now)).spentSun;
      const why = allowanceVerdict(allowance, { address, costSun, watched: addresses, spentTodaySun: spent });
      if (why !== null) throw new AllowanceRefusedError(why, allowance, costSun, spent);
      checkSpendLimit(journal, limitSun, costSun, now);
      const underWay = journal.assistant.underWay(address)[0];
      if (underWay) throw new PurchaseRefusal(m('refused.underWay', { address, state: underWay.state, id: underWay.localId }));
      // An order placed since this one's reading and quote (by this server, another one or the app) makes them stale.
      const since = journal.assistant.placedSince(address, plan.plannedAt)[0];
      if (since) throw new PurchaseRefusal(m('refused.justPlaced', { address, id: since.localId }));
    };
    return { check, limit };
  }

  private async dayFacts(journal: OrderJournal, profileId: string): Promise<{ spentSun: bigint; dailySun: bigint }> {
    const allowance = allowanceOf((await this.session.settings()).assistantAllowances, profileId);
    return { spentSun: journal.assistant.assistantDay(startOfLocalDay(Date.now())).spentSun, dailySun: allowance?.dailySun ?? 0n };
  }

  /** A refusal before anything was sent; the allowance's is also written for the running app to show. */
  private refused(err: unknown, journal: OrderJournal, origin: AssistantOrigin, plan: PurchasePlan): CallToolResult {
    if (err instanceof PurchaseRefusal) return fail(err.message);
    if (!(err instanceof AllowanceRefusedError)) throw err;
    try {
      journal.assistant.recordRefusal({
        at: Date.now(),
        client: origin.client,
        reason: origin.reason,
        address: plan.address,
        kind: plan.intent.kind,
        count: Number(plan.energy),
        costSun: err.costSun,
        why: err.why,
        limitSun: err.limitSun,
      });
    } catch {
      // The app's notice is a courtesy: the refusal itself stands, and the assistant is told.
    }
    return fail(refusalWords(err.why, err.allowance, plan.address, err.costSun, err.spentTodaySun));
  }
}

interface PurchaseFacts {
  dryRun: boolean;
  bought: boolean;
  message: string;
  address: string;
  plan: PurchasePlan | null;
  request: { method: string; url: string; content_type: string; body: string } | null;
  order: TrackedOrder | null;
}

function purchaseJson(f: PurchaseFacts): Record<string, unknown> {
  return {
    dry_run: f.dryRun,
    bought: f.bought,
    message: f.message,
    address: f.address,
    option: f.plan?.option ?? null,
    energy: f.plan === null ? 0 : Number(f.plan.energy),
    period: f.plan?.period ?? null,
    cost: sunFields(f.plan?.costSun ?? null),
    burn: sunFields(f.plan?.burnSun ?? null),
    request: f.request,
    order: f.order === null ? null : orderJson(f.order),
  };
}
