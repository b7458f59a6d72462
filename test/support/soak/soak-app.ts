import { userText } from '../../../src/core/base/domain-error.ts';
import { ApiClient } from '../../../src/core/api/client.ts';
import { ApiError } from '../../../src/core/api/errors.ts';
import { serviceDownAfter } from '../../../src/core/api/retry-policy.ts';
import type { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { BurnPrice } from '../../../src/core/app/wallets/burn-price.ts';
import { ChainClient } from '../../../src/core/chain/chain-client.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { isTerminal, type OrderIntent, type TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { OrderScheduler } from '../../../src/core/orders/scheduler.ts';
import { checkSpendLimit, spendStatus, SpendLimitError } from '../../../src/core/orders/spend-limit.ts';
import { submitPaidOrderWithCause } from '../../../src/core/orders/submit-paid-order.ts';
import type { QuoteAsk, QuoteResult, RuleSituation, WalletReading } from '../../../src/core/rules/decide.ts';
import { NodeFollowers } from '../../../src/core/chain/node-followers.ts';
import { normalizeNodeUrl } from '../../../src/core/chain/node-url.ts';
import type { BuyDecision } from '../../../src/core/rules/decision.ts';
import type { DecisionLog } from '../../../src/core/rules/decision-log.ts';
import type { Rule } from '../../../src/core/rules/rule.ts';
import { RuleEvaluator, type Evaluation, type Placement } from '../../../src/core/rules/rule-evaluator.ts';
import { ordersRuleLedger } from '../../../src/core/rules/rule-ledger.ts';
import { FeeCache } from '../../../src/core/wallets/fee-cache.ts';
import { followEnergyOrders } from '../../../src/core/wallets/order-energy.ts';
import { WalletWatcher } from '../../../src/core/wallets/wallet-watcher.ts';

/**
 * The app's side of the soak, as one process would run it: the real
 * ApiClient against the service simulator, the real ChainClient and
 * WalletWatcher against the node simulator, the real order journal (SQLite
 * in `dir`), OrderScheduler and submission path (submitPaidOrderWithCause
 * with the daily limit checked before and again inside the intent's write
 * transaction, as OrderCommands.place does), and the real RuleEvaluator,
 * evaluated on every wallet reading. A restart is close() and open() on the
 * same directory and decision log: nothing else survives.
 */

export interface SoakAppOptions {
  dir: string;
  clock: VirtualClock;
  serviceUrl: string;
  nodeUrl: string;
  apiKey: string;
  secret: string;
  rules: readonly Rule[];
  /** The addresses watched (default the rules'): a rule's and others with none. */
  watched?: readonly string[];
  /** The watched wallets' energy per transfer, by address. */
  perTransfer: ReadonlyMap<string, bigint>;
  globalLimitSun: bigint;
  /** The decision table beside the order history (kept across restarts). */
  log: DecisionLog;
  random: () => number;
  /** Real ms before a hung request counts as failed (the virtual clock does not move meanwhile). */
  timeoutMs: number;
  onEvaluation?: (evaluation: Evaluation) => void;
  /** The node key's daily request budget (default: a node without a key's, chain/request-budget.ts). */
  nodeDailyBudget?: number;
  /** A control only: the engine is shown an empty day, as one that forgot its day would be; the caps then go unchecked. */
  forgetfulLedger?: boolean;
}

/** Finished orders older than this cannot matter to a decision (the arrival grace is a minute). */
const RECENT_MS = 60 * 60_000;

const instant = (): Promise<void> => Promise.resolve();
const WAITING_RETRY_MS = 60_000;

export class SoakApp {
  readonly journal: OrderJournal;
  private readonly options: SoakAppOptions;
  private readonly api: ApiClient;
  private readonly chain: ChainClient;
  private readonly scheduler: OrderScheduler;
  readonly watcher: WalletWatcher;
  private readonly evaluator: RuleEvaluator;
  private readonly nodeDown = new Set<string>();
  /** Rules whose last decision waits for something other than a reading (an outage, an order's arrival): evaluated again as the chain is followed. */
  private readonly waitingRules = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private serviceDown = false;
  private readonly seen = new Map<string, TrackedOrder>();

  private constructor(options: SoakAppOptions, journal: OrderJournal) {
    this.options = options;
    this.journal = journal;
    const { clock } = options;
    this.api = new ApiClient({
      baseUrl: options.serviceUrl,
      apiKey: options.apiKey,
      secret: options.secret,
      now: () => clock.now(),
      random: options.random,
      sleep: instant,
      timeoutMs: options.timeoutMs,
      // What the service answered: a 5xx, a 429 or no answer at all is an outage; anything else says it is up.
      onRequest: (event) => {
        this.serviceDown = event.status === undefined || event.status >= 500 || event.status === 429;
      },
    });
    // Every request to the node counts against the key's budget, as the app's node connection counts them.
    const followers = new NodeFollowers({ clock });
    const nodeUrl = normalizeNodeUrl(options.nodeUrl);
    followers.setDailyBudget(nodeUrl, options.nodeDailyBudget ?? null);
    const budget = followers.budget(nodeUrl);
    this.chain = new ChainClient({ nodeUrl: options.nodeUrl, now: () => clock.now(), sleep: instant, timeoutMs: options.timeoutMs, onRequest: () => budget.count() });
    this.scheduler = new OrderScheduler({ api: this.api, journal, clock, random: options.random });
    // The block-following watcher as the app runs it: one follower for this process, reads when a block or an order says so.
    this.watcher = new WalletWatcher({ chain: this.chain, clock, random: options.random, followers, nodeUrl });
    followEnergyOrders(this.scheduler.events, () => this.watcher);
    this.scheduler.events.on('orderUpdated', (order) => this.see(order));
    const now = clock.now();
    const burn = new BurnPrice({ clock, chain: () => this.chain, fees: new FeeCache(clock) });
    for (const rule of options.rules) {
      for (const o of journal.history.orders({ address: rule.address, from: now - RECENT_MS })) this.see(o);
      for (const o of journal.history.orders({ address: rule.address, states: ['outcome_unknown'], from: rule.unknownCheckedAt })) this.see(o);
    }
    const byAddress = new Map(options.rules.map((r) => [r.address, r.id]));
    this.evaluator = new RuleEvaluator({
      clock,
      rule: (id) => options.rules.find((r) => r.id === id),
      situation: (rule) => this.situation(rule),
      ledger: {
        // One rule per address, and only rules buy in the soak: the rule's day is its address's orders since midnight.
        ruleDay: (ruleId, since) => {
          if (options.forgetfulLedger) return { orders: 0, spentSun: 0n };
          const address = options.rules.find((r) => r.id === ruleId)?.address;
          const orders = address === undefined ? [] : journal.history.orders({ address, from: since });
          return ordersRuleLedger(() => orders, (o) => byAddress.get(o.address) ?? null).ruleDay(ruleId, since);
        },
      },
      // The burn cost as the app reads it: the node's getEnergyFee through the fee cache.
      quotes: { quote: (ask) => this.quote(ask), energyFee: () => burn.energyFee() },
      placer: { place: (rule, buy) => this.place(rule, buy) },
      log: options.log,
    });
    if (options.onEvaluation) this.evaluator.events.on('decided', options.onEvaluation);
    this.evaluator.events.on('decided', ({ rule, record }) => {
      const settled = record.kind === 'buy' || (record.kind === 'skip' && (record.reason === 'enough_energy' || record.reason === 'disabled'));
      if (settled) this.waitingRules.delete(rule.address);
      else this.waitingRules.set(rule.address, clock.now());
    });
    this.watcher.events.on('resources', ({ address }) => {
      this.nodeDown.delete(address);
      this.evaluate(address);
    });
    this.watcher.events.on('failed', ({ address }) => {
      this.nodeDown.add(address);
      this.evaluate(address);
    });
    // The chain cannot be followed: every rule pauses (nothing unseen can be ruled out) until it can.
    this.watcher.events.on('followFailed', () => {
      for (const rule of options.rules) this.evaluate(rule.address);
    });
    // A rule waiting for an outage to end or an order's energy to show is asked again as the chain is followed, at most once a minute.
    this.watcher.events.on('followed', ({ at }) => {
      for (const [address, since] of this.waitingRules) {
        if (at - since < WAITING_RETRY_MS) continue;
        this.waitingRules.set(address, at);
        this.evaluate(address);
      }
    });
  }

  static async open(options: SoakAppOptions): Promise<SoakApp> {
    const app = new SoakApp(options, await OrderJournal.open(options.dir, options.clock));
    app.scheduler.start();
    app.watcher.watch(options.watched ?? options.rules.map((r) => r.address));
    app.watcher.start();
    return app;
  }

  /** Until nothing the app started is still running (HTTP takes no virtual time). */
  async settle(): Promise<void> {
    for (;;) {
      await Promise.all([...this.pending]);
      await this.scheduler.whenIdle();
      await this.watcher.whenIdle();
      if (this.pending.size === 0) return;
    }
  }

  async close(): Promise<void> {
    this.watcher.stop();
    this.scheduler.stop();
    await this.settle();
    await this.journal.flush();
    this.journal.close();
    await Promise.all([this.api.close(), this.chain.close()]);
  }

  /** An order a decision may still depend on: not finished, finished within the hour, or unknown since the rule resumed. */
  private stillMatters(o: TrackedOrder, rule: Rule, now: number): boolean {
    if (o.state === 'outcome_unknown') return o.createdAt > rule.unknownCheckedAt;
    return !isTerminal(o.state) || (o.finishedAt ?? o.updatedAt) >= now - RECENT_MS;
  }

  /** What the app has seen of its orders, read back from the history at start and followed from then on. */
  private see(order: TrackedOrder): void {
    this.seen.set(order.localId, order);
  }

  private evaluate(address: string): void {
    const rule = this.options.rules.find((r) => r.address === address);
    if (!rule) return;
    // Dropped while another evaluation of the address runs: asked again as the chain is followed.
    const task = this.evaluator.evaluate(rule.id).then((evaluation) => {
      if (evaluation === null) this.waitingRules.set(address, -Infinity);
      return evaluation;
    });
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  private situation(rule: Rule): RuleSituation {
    const now = this.options.clock.now();
    const { address } = rule;
    // Under way or stalled (the journal keeps those in memory), and the lately finished and unknown ones the app has seen.
    const orders = new Map<string, TrackedOrder>();
    for (const o of this.seen.values()) if (o.address === address && this.stillMatters(o, rule, now)) orders.set(o.localId, o);
    for (const o of this.journal.active()) if (o.address === address) orders.set(o.localId, o);
    return {
      energyPerTransfer: this.options.perTransfer.get(rule.address) ?? null,
      reading: this.reading(address),
      orders: [...orders.values()],
      globalLeftSun: spendStatus(this.journal, this.options.globalLimitSun, now).leftSun,
      serviceDown: this.serviceDown,
      // A failed read of the address, or the chain not followed: nothing unseen can be ruled out.
      nodeDown: this.nodeDown.has(rule.address) || (this.watcher.health().follow?.failingSince ?? null) !== null,
      pausedAll: false,
    };
  }

  /** The watcher's prediction now, as the rule sees it. */
  private reading(address: string): WalletReading | null {
    const figures = this.watcher.figures(address);
    if (!figures) return null;
    return { at: figures.vouchedAt, readAt: figures.startedAt, activated: figures.snapshot.activated, availableEnergy: figures.reading.energy.available };
  }

  private async quote(ask: QuoteAsk): Promise<QuoteResult> {
    try {
      const reply =
        ask.option === 'timed'
          ? await this.api.queryPrice({ type: 'energy', count: ask.count, period: ask.period ?? '' })
          : await this.api.queryFastRecoverPrice('energy', ask.count);
      return { ok: true, sun: reply.data.amountSun };
    } catch (err) {
      const unreachable = !(err instanceof ApiError) || serviceDownAfter(err, false) || err.httpStatus === 429;
      return { ok: false, failure: unreachable ? 'unreachable' : 'refused', text: userText(err) };
    }
  }

  /** OrderCommands.place's path for origin `rule`: the quote as the intent's price, the daily limit before and inside the journal write. */
  private async place(rule: Rule, buy: BuyDecision): Promise<Placement> {
    const { clock, globalLimitSun } = this.options;
    const base = { profileId: rule.profileId, address: rule.address, resource: 'energy' as const, count: buy.count, quotedSun: buy.quotedSun };
    const intent: OrderIntent = buy.option === 'timed' ? { kind: 'energy', ...base, period: buy.period } : { kind: 'fast_recover', ...base };
    const limit = (): void => void checkSpendLimit(this.journal, globalLimitSun, buy.quotedSun, clock.now());
    try {
      limit();
      const outcome = await submitPaidOrderWithCause({ api: this.api, journal: this.journal, beforeJournal: limit }, intent);
      this.see(outcome.order);
      this.scheduler.track(outcome.order.localId);
      return { placed: true, localId: outcome.order.localId };
    } catch (err) {
      return { placed: false, reason: err instanceof SpendLimitError ? 'daily_limit' : 'refused', text: userText(err) };
    }
  }
}
