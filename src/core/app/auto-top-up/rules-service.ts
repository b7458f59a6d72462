import { msg } from '../../../shared/i18n/message.ts';
import type { DecisionQueryView, DecisionView, RuleDraftView, RuleSaveView, RulesView } from '../../../shared/views.ts';
import { acknowledgeUnknown, ruleCapSun, RULE_PERIODS, type Rule } from '../../rules/rule.ts';
import { ruleCeilingSun } from '../../rules/burn-ceiling.ts';
import { ruleApprovalChanges } from '../../rules/rule-approval.ts';
import { checkRuleDraft } from '../../rules/rule-draft.ts';
import type { Evaluation, RuleEvaluator } from '../../rules/rule-evaluator.ts';
import { ruleToday } from '../../rules/rule-ledger.ts';
import { StoredDecisionLog, storedRuleLedger } from '../../rules/stored-decision-log.ts';
import { AppError } from '../app-error.ts';
import { autoTopUpApproval, resumeAutoTopUpsApproval } from '../approvals/change-approvals.ts';
import type { Approvals } from '../approvals/approvals.ts';
import type { Notifications } from '../notify/notifications.ts';
import type { EventSink } from '../ports.ts';
import { ruleEvaluatorFor, type RuleRuntimeDeps } from './rule-runtime.ts';
import { LastBuys, orderSerial } from './rule-last-buy.ts';
import { toDecisionView, toRuleView } from './rule-views.ts';
import type { Session } from '../session/session.ts';
import type { AppLog } from '../session/session-manager.ts';
import type { TrayRule } from '../tray/tray-model.ts';

export interface RulesServiceDeps extends RuleRuntimeDeps {
  approvals: Approvals;
  notifications: Notifications;
  events: EventSink;
  log: AppLog;
  newId: () => string;
  renderTray(): void;
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
  private evaluator: { session: Session; engine: RuleEvaluator } | null = null;
  private readonly lastBuys = new LastBuys();
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(deps: RulesServiceDeps) {
    this.deps = deps;
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

  /** Evaluation on every reading again (the default). */
  start(): void {
    this.stopped = false;
    this.evaluateSoon();
  }

  /** No new evaluation; resolves once the one under way has ended (its order, if any, is journaled). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.again = false;
    await this.running;
  }

  /** Evaluates every rule of the live profile now, once (the daemon's --once; tests). */
  async evaluateAll(): Promise<Evaluation[]> {
    const current = this.evaluator;
    if (!current) return [];
    const done = await Promise.all(this.deps.rules.current().map((rule) => current.engine.evaluate(rule.id)));
    return done.filter((e): e is Evaluation => e !== null);
  }

  /** Resolves when no evaluation is running (tests). */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  list(): RulesView {
    const pausedAll = this.deps.rules.pausedAll();
    const session = this.evaluator?.session;
    const labels = new Map(this.deps.wallets.current().map((w) => [w.address, w.label]));
    const now = this.deps.clock.now();
    return {
      rules: this.deps.rules.current().map((rule) =>
        toRuleView(rule, {
          walletLabel: labels.get(rule.address) ?? null,
          pausedAll,
          last: this.evaluator?.engine.lastRecord(rule.id),
          today: session ? ruleToday(storedRuleLedger(session.journal.rules), rule.id, now) : { orders: 0, spentSun: 0n },
          lastBuy: session ? this.lastBuys.of(session, rule.id) : null,
          serialOf: (localId) => (session ? orderSerial(session, localId) : null),
        }),
      ),
      pausedAll,
      periods: [...RULE_PERIODS],
    };
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

  /** One line per rule, for the tray model. */
  trayRules(): TrayRule[] {
    return this.list().rules.map((r) => ({
      id: r.id,
      name: r.name,
      state: r.state,
      ordersToday: r.ordersToday,
      spentTodaySun: BigInt(r.spentTodaySun),
      dailyCapSun: BigInt(r.dailyCapSun),
    }));
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
    this.deps.renderTray();
    this.evaluateSoon();
    return view;
  }

  /** One pass at a time; a reading during a pass asks for one more pass after it. */
  private evaluateSoon(): void {
    if (this.stopped || !this.evaluator) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.evaluateAll()
      .then(() => undefined)
      .catch((err: unknown) => this.deps.log.error({ err }, 'auto top-up evaluation failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.evaluateSoon();
        }
      });
  }

  private decided(session: Session, { rule, record, recorded }: Evaluation): void {
    if (!recorded || this.deps.sessions.current() !== session) return;
    this.lastBuys.note(session, record);
    this.deps.log.info({ rule: rule.id, kind: record.kind, reason: record.reason, order: record.orderLocalId }, 'auto top-up decision');
    if (record.kind === 'refuse' || record.kind === 'stopped') this.deps.notifications.ruleDecision(rule.name, record);
    this.deps.events.emit('app:rules', this.list());
    this.deps.renderTray();
  }
}
