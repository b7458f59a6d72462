import { msg } from '../../../src/shared/i18n/message.ts';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import type { OrderState, TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { orderSpendSun, startOfLocalDay } from '../../../src/core/orders/spend-limit.ts';
import type { QuoteAsk, QuoteResult, RuleSituation } from '../../../src/core/rules/decide.ts';
import type { EnergyFeeResult } from '../../../src/core/rules/burn-ceiling.ts';
import type { BuyDecision } from '../../../src/core/rules/decision.ts';
import { MemoryDecisionLog } from '../../../src/core/rules/decision-log.ts';
import type { Rule } from '../../../src/core/rules/rule.ts';
import { RuleEvaluator, type Evaluation, type Placement } from '../../../src/core/rules/rule-evaluator.ts';
import { ordersRuleLedger } from '../../../src/core/rules/rule-ledger.ts';
import { order as makeOrder } from './rule-fixtures.ts';

/** The grace and staleness the world runs the evaluator with (the defaults). */
export const GRACE_MS = 60_000;
export const STALE_MS = 5 * 60_000;

interface Wallet {
  perTransfer: bigint;
  /** The energy the chain has for it now. */
  energy: bigint;
  reading: { at: number; availableEnergy: bigint } | null;
  /** The node failed the last read of it. */
  readFailed: boolean;
}

/**
 * A small world around the real RuleEvaluator: wallets whose energy the
 * chain knows and the node reports when read, a journal of orders (the
 * history the ledger reads; the only state that survives a restart besides
 * the decision log), a service that quotes and takes orders, outages,
 * midnight. The placer checks, independently of the engine's code, that
 * nothing is placed that the rules forbid, and keeps the violations.
 */
export class RuleWorld {
  readonly clock: VirtualClock;
  readonly rules = new Map<string, Rule>();
  readonly wallets = new Map<string, Wallet>();
  readonly orders: TrackedOrder[] = [];
  readonly ruleOf = new Map<string, string>();
  readonly log = new MemoryDecisionLog();
  readonly violations: string[] = [];
  readonly evaluations: Array<Evaluation & { outage: boolean; unseenUnknown: boolean }> = [];
  globalLimitSun = 60_000_000n;
  serviceDown = false;
  nodeDown = false;
  pausedAll = false;
  /** SUN per energy unit, timed and fast recover, then a spike factor in percent. */
  timedSunPerEnergy = 45n;
  fastSunPerEnergy = 48n;
  pricePercent = 100n;
  /** The service has no fast-recover price now (404: price unavailable). */
  fastUnavailable = false;
  /** The chain's energy fee (getEnergyFee), SUN per energy; null: the node cannot read it now. */
  energyFeeSun: bigint | null = 100n;
  /** Energy fee reads asked for (each evaluation that quotes reads it beside the prices). */
  feeReads = 0;
  /** Runs while the next quote is out (an order placed, a reading, midnight…). */
  duringQuote: (() => void) | null = null;
  /** The paid path refuses the next placement so (as OrderCommands.place would for its own reasons). */
  refuseNext: Extract<Placement, { placed: false }> | null = null;
  /** Energy that reaches the chain this long after its order succeeds. */
  arrivalDelayMs = 10_000;
  private arrivals: Array<{ at: number; address: string; energy: bigint }> = [];
  private serial = 0;
  evaluator!: RuleEvaluator;

  constructor(start: number) {
    this.clock = new VirtualClock(start);
    this.restart();
  }

  /** A new evaluator with no memory: what it knows comes from the journal and the decision log. */
  restart(): void {
    this.evaluator = new RuleEvaluator({
      clock: this.clock,
      rule: (id) => this.rules.get(id),
      situation: (rule) => this.situation(rule),
      ledger: ordersRuleLedger(() => this.orders, (o) => this.ruleOf.get(o.localId) ?? null),
      quotes: { quote: (ask) => this.quote(ask), energyFee: () => this.energyFee() },
      placer: { place: (rule, buy) => this.place(rule, buy) },
      log: this.log,
      timing: { arrivalGraceMs: GRACE_MS, staleAfterMs: STALE_MS },
    });
  }

  addWallet(rule: Rule, perTransfer: bigint, energy = 0n): void {
    this.rules.set(rule.id, rule);
    this.wallets.set(rule.address, { perTransfer, energy, reading: null, readFailed: false });
  }

  wallet(address: string): Wallet {
    const wallet = this.wallets.get(address);
    if (!wallet) throw new Error(`no wallet ${address}`);
    return wallet;
  }

  advance(ms: number): void {
    this.clock.advanceTo(this.clock.now() + ms);
    const now = this.clock.now();
    for (const arrival of this.arrivals.filter((a) => a.at <= now)) this.wallet(arrival.address).energy += arrival.energy;
    this.arrivals = this.arrivals.filter((a) => a.at > now);
  }

  /** The wallet sends `transfers` USDT transfers: energy used, or TRX burned when it lacks it. */
  spend(address: string, transfers: bigint): void {
    const wallet = this.wallet(address);
    const need = wallet.perTransfer * transfers;
    wallet.energy = wallet.energy > need ? wallet.energy - need : 0n;
  }

  /** The watcher reads the address (or fails to, while the node is down). */
  read(address: string): void {
    const wallet = this.wallet(address);
    wallet.readFailed = this.nodeDown;
    if (!this.nodeDown) wallet.reading = { at: this.clock.now(), availableEnergy: wallet.energy };
  }

  async evaluate(rule: Rule): Promise<Evaluation | null> {
    const evaluation = await this.evaluator.evaluate(rule.id);
    if (evaluation) {
      const outage = this.serviceDown || this.wallet(rule.address).readFailed;
      this.evaluations.push({ ...evaluation, outage, unseenUnknown: this.unseenUnknown(evaluation.rule) !== undefined });
    }
    return evaluation;
  }

  /** A person buys for the address from the dashboard (only when nothing is on its way for it, within the daily limit). */
  manualOrder(address: string, quotedSun: bigint): TrackedOrder | null {
    if (this.orders.some((o) => o.address === address && isPending(o.state))) return null;
    if (this.spentToday() + quotedSun > this.globalLimitSun) return null;
    return this.journal(address, 65_000, quotedSun, 'timed', '1h');
  }

  /** An order the rule placed earlier (history from before the test). */
  pastRuleOrder(rule: Rule, quotedSun: bigint): TrackedOrder {
    const order = this.journal(rule.address, 65_000, quotedSun, 'timed', '1h');
    this.ruleOf.set(order.localId, rule.id);
    return order;
  }

  /** An order on its way ends (or stalls). */
  settle(localId: string, state: Exclude<OrderState, 'submitting' | 'running'>): void {
    const order = this.orders.find((o) => o.localId === localId);
    if (!order || !isPending(order.state) || (order.state === 'stalled' && state === 'stalled')) return;
    const now = this.clock.now();
    order.state = state;
    order.updatedAt = now;
    if (state === 'stalled') return;
    order.finishedAt = now;
    // The service charges at most its quote (a charge above it is its own breach, outside any cap).
    if (state === 'succeeded') {
      order.chargedSun = order.quotedSun;
      this.arrivals.push({ at: now + this.arrivalDelayMs, address: order.address, energy: BigInt(order.count ?? 0) });
    }
  }

  pending(): TrackedOrder[] {
    return this.orders.filter((o) => isPending(o.state));
  }

  spentToday(now = this.clock.now()): bigint {
    const since = startOfLocalDay(now);
    return this.orders.reduce((sum, o) => (o.createdAt >= since ? sum + orderSpendSun(o) : sum), 0n);
  }

  unseenUnknown(rule: Rule): TrackedOrder | undefined {
    return this.orders.find((o) => o.address === rule.address && o.state === 'outcome_unknown' && o.createdAt > rule.unknownCheckedAt);
  }

  situation(rule: Rule): RuleSituation {
    const wallet = this.wallet(rule.address);
    const left = this.globalLimitSun - this.spentToday();
    return {
      energyPerTransfer: wallet.perTransfer,
      reading: wallet.reading && { at: wallet.reading.at, activated: true, availableEnergy: wallet.reading.availableEnergy },
      orders: this.orders.filter((o) => o.address === rule.address),
      globalLeftSun: left > 0n ? left : 0n,
      serviceDown: this.serviceDown,
      nodeDown: wallet.readFailed,
      pausedAll: this.pausedAll,
    };
  }

  private async quote(ask: QuoteAsk): Promise<QuoteResult> {
    // A known outage pauses evaluation: not even a price is asked for.
    if (this.serviceDown) this.violations.push(`${new Date(this.clock.now()).toISOString()}: asked for a price while the service was known to be down`);
    await Promise.resolve();
    const hook = this.duringQuote;
    this.duringQuote = null;
    hook?.();
    if (this.serviceDown) return { ok: false, failure: 'unreachable', text: msg('errors:api.server', { action: msg('errors:api.action.query_price'), status: '' }) };
    if (this.fastUnavailable && ask.option === 'fast_recover') {
      return { ok: false, failure: 'refused', text: msg('errors:api.declined', { action: msg('errors:api.action.query_fast_recover_price'), status: '' }) };
    }
    const perEnergy = ask.option === 'timed' ? this.timedSunPerEnergy : this.fastSunPerEnergy;
    return { ok: true, sun: (BigInt(ask.count) * perEnergy * this.pricePercent) / 100n };
  }

  private async energyFee(): Promise<EnergyFeeResult> {
    this.feeReads += 1;
    await Promise.resolve();
    return this.energyFeeSun === null ? { ok: false, text: msg('errors:chain.server', { action: msg('errors:chain.action.getchainparameters'), status: '' }) } : { ok: true, sun: this.energyFeeSun };
  }

  /** OrderCommands.place as the rules see it, with the world's own checks of what the rules promise. */
  private async place(rule: Rule, buy: BuyDecision): Promise<Placement> {
    await Promise.resolve();
    const now = this.clock.now();
    const wallet = this.wallet(rule.address);
    const mine = this.orders.filter((o) => o.address === rule.address);
    const broken = (what: string): void => void this.violations.push(`${new Date(now).toISOString()} ${rule.id}: ${what}`);
    if (!rule.enabled) broken('placed for a rule that is off');
    if (mine.some((o) => isPending(o.state))) broken('placed while an order for the address was on its way');
    if (mine.some((o) => o.state === 'succeeded' && o.count !== null && o.kind !== 'net' && (wallet.reading?.at ?? 0) < (o.finishedAt ?? 0) + GRACE_MS)) {
      broken('placed on a reading that may not show the energy of a succeeded order');
    }
    if (this.serviceDown || wallet.readFailed || this.pausedAll) broken('placed during an outage or a pause');
    if (!wallet.reading || now - wallet.reading.at > STALE_MS) broken('placed on a missing or old reading');
    if (this.unseenUnknown(rule)) broken('placed while an unknown outcome was not looked at');
    // The burn ceiling: never above burning the same energy at the fee now, never without knowing the fee, never above the rule's own ceiling.
    if (this.energyFeeSun === null) broken('placed while the energy fee could not be read');
    else if (buy.quotedSun > BigInt(buy.count) * this.energyFeeSun) broken(`placed above the burn cost (${buy.quotedSun} > ${buy.count} × ${this.energyFeeSun})`);
    if (rule.maxSunPerEnergy !== null && buy.quotedSun > BigInt(buy.count) * BigInt(rule.maxSunPerEnergy)) broken('placed above the rule’s own price ceiling');
    const refusal = this.refuseNext;
    this.refuseNext = null;
    if (refusal) return refusal;
    // The daily limit, checked again as the intent is journaled (OrderCommands' beforeJournal); the engine saw the same figures.
    if (this.spentToday() + buy.quotedSun > this.globalLimitSun) {
      broken('asked to place over the daily spending limit');
      return { placed: false, reason: 'daily_limit', text: msg('decisions:dailyLimitUsed') };
    }
    const order = this.journal(rule.address, buy.count, buy.quotedSun, buy.option, buy.period);
    this.ruleOf.set(order.localId, rule.id);
    return { placed: true, localId: order.localId };
  }

  private journal(address: string, count: number, quotedSun: bigint, option: 'timed' | 'fast_recover', period: string | null): TrackedOrder {
    const now = this.clock.now();
    const fast = option === 'fast_recover';
    const order = makeOrder({
      localId: `o${++this.serial}`,
      kind: fast ? 'fast_recover' : 'energy',
      address,
      count,
      period,
      orderSn: fast ? null : `sn${this.serial}`,
      orderId: fast ? this.serial : null,
      quotedSun,
      createdAt: now,
      updatedAt: now,
    });
    this.orders.push(order);
    return order;
  }
}

export const isPending = (state: OrderState): boolean => state === 'submitting' || state === 'running' || state === 'stalled';
