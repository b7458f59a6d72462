// app/auto-top-up: the rules' storage, runtime, decisions and views around the pure engine in core/rules.
import { msg } from '../../../shared/i18n/message.ts';
import type { DecisionQueryView, DecisionView, RuleDraftView, RuleSaveView, RulesView } from '../../../shared/views.ts';
import type { Clock } from '../../base/clock.ts';
import { OnePassAtATime } from '../../base/one-pass-at-a-time.ts';
import { TypedEmitter } from '../../base/typed-emitter.ts';
import { dailyLimitStatus, type DailyLimit } from '../../orders/paid-order.ts';
import { ruleCeilingSun } from '../../rules/burn-ceiling.ts';
import { addressBusy, DEFAULT_RULE_TIMING, type RuleSituation, type RuleTiming } from '../../rules/decide.ts';
import { acknowledgeUnknown, ruleCapSun, type Rule } from '../../rules/rule.ts';
import { ruleApprovalChanges } from '../../rules/rule-approval.ts';
import { checkRuleDraft } from '../../rules/rule-draft.ts';
import { RuleEvaluator, type Evaluation } from '../../rules/rule-evaluator.ts';
import { serviceQuotes } from '../../rules/service-quotes.ts';
import { busyCandidates, StoredDecisionLog, storedRuleLedger } from '../../rules/stored-decision-log.ts';
import { energyPerTransfer } from '../../wallets/watched-wallet.ts';
import { AppError } from '../app-error.ts';
import { autoTopUpApproval, resumeAutoTopUpsApproval } from '../approvals/change-approvals.ts';
import type { Approvals } from '../approvals/approvals.ts';
import type { Notifications } from '../notify/notifications.ts';
import type { OrderCommands } from '../orders/order-commands.ts';
import type { EventSink } from '../ports.ts';
import type { BalanceTracker } from '../session/balance-tracker.ts';
import type { Session } from '../session/session.ts';
import type { AppLog, SessionManager } from '../session/session-manager.ts';
import type { BurnPrice } from '../wallets/burn-price.ts';
import type { WalletService } from '../wallets/wallet-service.ts';
import { LastBuys, orderSerial } from './rule-last-buy.ts';
import type { RuleList } from './rule-list.ts';
import { rulePlacer } from './rule-placer.ts';
import { rulesView, toDecisionView } from './rule-views.ts';

export interface RulesServiceDeps {
  clock: Clock;
  approvals: Approvals;
  notifications: Notifications;
  events: EventSink;
  log: AppLog;
  newId: () => string;
  sessions: SessionManager;
  rules: RuleList;
  wallets: WalletService;
  balance: BalanceTracker;
  limit: DailyLimit;
  commands: OrderCommands;
  /** The chain's energy fee: no rule buys above the burn cost, nor without knowing it. */
  burn: BurnPrice;
  timing?: Partial<RuleTiming>;
}

/**
 * The rule engine bound to one session (ADR 0013): the situation from the
 * wallet service's readings, the session's journal (orders of any origin for
 * the address, from memory and by indexed query) and the balance tracker (a
 * service outage); the rule's day and decisions from the session's order
 * store; quotes from its client; purchases through rulePlacer.
 */
function ruleEvaluatorFor(session: Session, deps: RulesServiceDeps): RuleEvaluator {
  const timing: RuleTiming = { ...DEFAULT_RULE_TIMING, ...deps.timing };
  const { journal } = session;
  const readingAt = (address: string): number => deps.wallets.readingsOf(address).resources?.at ?? deps.clock.now();
  const ordersFor = (rule: Pick<Rule, 'address' | 'unknownCheckedAt'>) =>
    busyCandidates(journal.rules, journal.active(), rule.address, readingAt(rule.address) - timing.arrivalGraceMs, rule.unknownCheckedAt);

  const situation = (rule: Rule): RuleSituation => {
    const wallet = deps.wallets.current().find((w) => w.address === rule.address);
    const readings = deps.wallets.readingsOf(rule.address);
    const resources = readings.resources;
    return {
      energyPerTransfer: wallet ? energyPerTransfer(wallet) : null,
      reading: resources
        ? { at: resources.at, activated: resources.reading.activated, availableEnergy: resources.reading.energy.available }
        : null,
      orders: ordersFor(rule),
      globalLeftSun: dailyLimitStatus({ journal, limit: deps.limit }).leftSun,
      serviceDown: deps.balance.isOffline,
      // The node failed a read since the energy was last read (a TRX read that worked since does not make the energy fresh).
      nodeDown: readings.error !== null || (typeof readings.failedAt === 'number' && readings.failedAt >= (resources?.at ?? 0)),
      // "Pause polling" stops the reads and the order polls: nothing is bought that would not be followed.
      pausedAll: deps.rules.pausedAll() || deps.sessions.polling().paused,
    };
  };

  // Inside the intent's transaction: another order for the address journaled meanwhile (a person's, the CLI's) wins.
  const busy = (rule: Rule) => addressBusy(ordersFor(rule), rule.address, readingAt(rule.address), timing.arrivalGraceMs);
  const placer = rulePlacer(session, deps, busy);

  return new RuleEvaluator({
    clock: deps.clock,
    rule: (id) => (deps.sessions.current() === session ? deps.rules.find(id) : undefined),
    situation,
    ledger: storedRuleLedger(journal.rules),
    quotes: serviceQuotes(session.api, () => deps.burn.energyFee()),
    placer,
    log: new StoredDecisionLog(journal.rules),
    timing,
  });
}

/**
 * Auto top-up in the app and the daemon (issue 15, ADR 0013, 0015): the live
 * profile's rules, their evaluation on each wallet reading (the wallet
 * service's publish), the approvals main draws before a rule may spend more
 * (created, moved, a cap raised, turned on, all resumed), the notices of a
 * refusal or a stop, and the views and tray lines. It runs while a session is
 * open and `start()`ed (the default); `stop()` ends evaluation and waits for
 * the one under way, whose order, once journaled, the session's close waits for.
 */
export class RulesService {
  private readonly deps: RulesServiceDeps;
  /** The rules or a decision changed (the tray redraws their lines). */
  readonly events = new TypedEmitter<{ changed: RulesView }>();
  private evaluator: { session: Session; engine: RuleEvaluator } | null = null;
  /** One evaluation pass at a time; a reading during a pass asks for one more pass after it. */
  private readonly passes: OnePassAtATime;
  private readonly lastBuys = new LastBuys();
  private readonly decidedListeners = new Set<(evaluation: Evaluation) => void>();

  constructor(deps: RulesServiceDeps) {
    this.deps = deps;
    this.passes = new OnePassAtATime(
      () => this.evaluateAll(),
      (err) => deps.log.error({ err }, 'auto top-up evaluation failed'),
    );
    deps.notifications.nameRulesWith((id) => deps.rules.find(id)?.name ?? null);
    deps.sessions.events.on('opened', ({ session }) => {
      const engine = ruleEvaluatorFor(session, deps);
      engine.events.on('decided', (evaluation) => this.decided(session, evaluation));
      this.evaluator = { session, engine };
    });
    deps.sessions.events.on('closed', (session) => {
      if (this.evaluator?.session === session) this.evaluator = null;
    });
    deps.wallets.onPublish(() => this.evaluateSoon());
  }

  /** Every recorded decision of the live session (the daemon's metrics and alerts). */
  onDecided(listener: (evaluation: Evaluation) => void): void {
    this.decidedListeners.add(listener);
  }

  /** Evaluation on every reading again (the default). */
  start(): void {
    this.passes.start();
    this.evaluateSoon();
  }

  /** No new evaluation; resolves once the one under way has ended (its order, if any, is journaled). */
  stop(): Promise<void> {
    return this.passes.stop();
  }

  /** Evaluates every rule of the live profile now, once (the daemon's --once; tests). */
  async evaluateAll(): Promise<Evaluation[]> {
    const current = this.evaluator;
    if (!current) return [];
    const done = await Promise.all(this.deps.rules.current().map((rule) => current.engine.evaluate(rule.id)));
    return done.filter((e): e is Evaluation => e !== null);
  }

  /** Resolves when no evaluation is running (tests). */
  whenIdle(): Promise<void> {
    return this.passes.whenIdle();
  }

  list(): RulesView {
    const labels = new Map(this.deps.wallets.current().map((w) => [w.address, w.label]));
    const session = this.evaluator?.session;
    const ledger = session ? storedRuleLedger(session.journal.rules) : null;
    return rulesView(this.deps.rules.current(), {
      pausedAll: this.deps.rules.pausedAll(),
      labels,
      now: this.deps.clock.now(),
      ledger,
      last: (id) => this.evaluator?.engine.lastRecord(id),
      lastBuy: (id) => (session ? this.lastBuys.of(session, id) : null),
      serialOf: (localId) => (session ? orderSerial(session, localId) : null),
    });
  }

  /** A new rule (no id) or an edit; the draft's problems in words, or a main-drawn approval when it may spend more. */
  async save(id: string | undefined, draft: RuleDraftView): Promise<RuleSaveView> {
    const session = this.deps.sessions.require();
    const profileId = this.deps.rules.profileId() ?? session.profileId;
    const before = id === undefined ? undefined : this.require(id);
    const context = {
      id: this.deps.newId(),
      profileId,
      now: this.deps.clock.now(),
      rules: this.deps.rules.current(),
      watched: this.deps.wallets.current().map((w) => w.address),
    };
    const checked = checkRuleDraft(draft, before ? { ...context, before } : context);
    if (!checked.ok) return { saved: false, problems: checked.problems };
    await this.approve(session, before, checked.rule);
    await this.deps.rules.change((current) => {
      if (current.some((r) => r.address === checked.rule.address && r.id !== checked.rule.id)) {
        throw new AppError('invalid_request', msg('errors:ruleDraft.addressTaken'));
      }
      if (before && !current.some((r) => r.id === before.id)) throw new AppError('not_found', msg('errors:app.ruleDeleted'));
      return before ? current.map((r) => (r.id === before.id ? checked.rule : r)) : [...current, checked.rule];
    });
    return { saved: true, rules: this.changed() };
  }

  /** On asks main (it may start spending); off does not. */
  async setEnabled(id: string, enabled: boolean): Promise<RulesView> {
    return this.edit(id, (rule) => ({ ...rule, enabled }));
  }

  /** The person looked at the unknown outcome(s): the rule may buy again, within its caps. */
  async acknowledge(id: string): Promise<RulesView> {
    return this.edit(id, (rule) => acknowledgeUnknown(rule, this.deps.clock.now()));
  }

  async remove(id: string): Promise<RulesView> {
    this.require(id);
    await this.deps.rules.change((current) => current.filter((r) => r.id !== id));
    return this.changed();
  }

  /** "Pause all auto top-ups" asks nothing; resuming asks main (the rules that are on may spend again). */
  async setPausedAll(paused: boolean): Promise<RulesView> {
    if (!paused && this.deps.rules.pausedAll()) {
      const on = this.deps.rules.current().filter((r) => r.enabled);
      await this.deps.approvals.require(
        resumeAutoTopUpsApproval(
          on.map((r) => ({ name: r.name, address: r.address, capSun: ruleCapSun(r) })),
          this.deps.approvals.language(),
        ),
      );
    }
    await this.deps.rules.setPausedAll(paused);
    return this.changed();
  }

  /** A page of decisions, newest first, from the order store (never the whole table). */
  decisions(query: DecisionQueryView): DecisionView[] {
    const session = this.deps.sessions.require();
    const records = new StoredDecisionLog(session.journal.rules).list(query);
    return records.map((r) => toDecisionView(r, this.deps.rules.find(r.ruleId)?.name ?? null, orderSerial(session, r.orderLocalId)));
  }

  pausedAll(): boolean {
    return this.deps.rules.pausedAll();
  }

  private require(id: string): Rule {
    this.deps.sessions.require();
    const rule = this.deps.rules.find(id);
    if (!rule) throw new AppError('not_found', msg('errors:app.ruleGone'));
    return rule;
  }

  private async edit(id: string, change: (rule: Rule) => Rule): Promise<RulesView> {
    const session = this.deps.sessions.require();
    const before = this.require(id);
    const after = change(before);
    await this.approve(session, before, after);
    await this.deps.rules.change((current) => current.map((r) => (r.id === id ? change(r) : r)));
    return this.changed();
  }

  private async approve(session: Session, before: Rule | undefined, after: Rule): Promise<void> {
    const language = this.deps.approvals.language();
    // A ceiling set or changed is compared with the burn price now; unknown counts as above it (it asks).
    const ceiling = ruleCeilingSun(after);
    const fee = ceiling !== null && after.maxSunPerEnergy !== before?.maxSunPerEnergy ? await this.deps.burn.energyFee() : null;
    const changes = ruleApprovalChanges(before, after, language, fee?.ok ? fee.sun : null);
    if (changes.length === 0) return;
    const facts = { address: after.address, host: session.host, demo: session.demo, ceilingSun: ceiling };
    await this.deps.approvals.require(autoTopUpApproval(changes, facts, language));
    if (this.deps.sessions.current() !== session) throw new AppError('refused', msg('errors:app.accountChangedNothingChanged'));
  }

  /** After a change: the dashboard and the tray see it, and the rules are evaluated with it. */
  private changed(): RulesView {
    const view = this.list();
    this.deps.events.emit('app:rules', view);
    this.events.emit('changed', view);
    this.evaluateSoon();
    return view;
  }

  private evaluateSoon(): void {
    if (this.evaluator) this.passes.request();
  }

  private decided(session: Session, { rule, record, recorded }: Evaluation): void {
    if (!recorded || this.deps.sessions.current() !== session) return;
    this.lastBuys.note(session, record);
    this.deps.log.info({ rule: rule.id, kind: record.kind, reason: record.reason, order: record.orderLocalId }, 'auto top-up decision');
    for (const listener of this.decidedListeners) listener({ rule, record, recorded });
    if (record.kind === 'refuse' || record.kind === 'stopped') this.deps.notifications.ruleDecision(rule.name, record);
    const view = this.list();
    this.deps.events.emit('app:rules', view);
    this.events.emit('changed', view);
  }
}
