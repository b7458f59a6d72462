import type { Clock } from '../../base/clock.ts';
import { userText } from '../../base/domain-error.ts';
import { msg } from '../../../shared/i18n/message.ts';
import { errorFacts } from '../../orders/api-error-facts.ts';
import type { OrderIntent } from '../../orders/order-types.ts';
import { SpendLimitError } from '../../orders/spend-limit.ts';
import { addressBusy, DEFAULT_RULE_TIMING, type QuoteResult, type RuleSituation, type RuleTiming } from '../../rules/decide.ts';
import type { BuyDecision } from '../../rules/decision.ts';
import { words } from '../../rules/decision-words.ts';
import type { Rule } from '../../rules/rule.ts';
import { RuleEvaluator, type OrderPlacer, type Placement, type QuotePort } from '../../rules/rule-evaluator.ts';
import { busyCandidates, StoredDecisionLog, storedRuleLedger } from '../../rules/stored-decision-log.ts';
import { energyPerTransfer } from '../../wallets/watched-wallet.ts';
import { AppError } from '../app-error.ts';
import type { BalanceTracker } from '../session/balance-tracker.ts';
import type { BurnPrice } from '../wallets/burn-price.ts';
import type { DailyLimit } from '../orders/daily-limit.ts';
import type { OrderCommands } from '../orders/order-commands.ts';
import type { RuleList } from './rule-list.ts';
import type { Session } from '../session/session.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { WalletService } from '../wallets/wallet-service.ts';

export interface RuleRuntimeDeps {
  clock: Clock;
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

/** Errors that say the service did not answer (pause), as opposed to a price it will not give (refuse). */
const OUTAGE_CATEGORIES = new Set(['network', 'server', 'malformed_response', 'clock']);

/**
 * The rule engine bound to one session (ADR 0013): the situation from the
 * wallet service's readings, the session's journal (orders of any origin for
 * the address, read from memory and by indexed query) and the balance
 * tracker (a service outage); the rule's day and its decisions from the
 * session's order store; quotes from the session's client and the burn cost
 * from the node's energy fee; purchases through
 * OrderCommands.place with origin `rule`, so the daily limit and "one order
 * per address" are checked again inside the intent's write transaction.
 */
export function ruleEvaluatorFor(session: Session, deps: RuleRuntimeDeps): RuleEvaluator {
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
      globalLeftSun: deps.limit.status(session).leftSun,
      serviceDown: deps.balance.isOffline,
      // The node failed a read since the energy was last read (a TRX read that worked since does not make the energy fresh).
      nodeDown: readings.error !== null || (typeof readings.failedAt === 'number' && readings.failedAt >= (resources?.at ?? 0)),
      // "Pause polling" stops the reads and the order polls: nothing is bought that would not be followed.
      pausedAll: deps.rules.pausedAll() || deps.sessions.polling().paused,
    };
  };

  const quotes: QuotePort = {
    async quote(ask): Promise<QuoteResult> {
      try {
        const answer =
          ask.option === 'timed'
            ? await session.api.queryPrice({ type: 'energy', count: ask.count, period: ask.period ?? '' })
            : await session.api.queryFastRecoverPrice('energy', ask.count);
        return { ok: true, sun: answer.data.amountSun };
      } catch (err) {
        const { category } = errorFacts(err);
        const unreachable = category === undefined || OUTAGE_CATEGORIES.has(category);
        return { ok: false, failure: unreachable ? 'unreachable' : 'refused', text: userText(err) };
      }
    },
    energyFee: () => deps.burn.energyFee(),
  };

  const placer: OrderPlacer = {
    async place(rule: Rule, buy: BuyDecision): Promise<Placement> {
      if (deps.sessions.current() !== session) return { placed: false, reason: 'refused', text: words.accountChanged() };
      const common = {
        profileId: session.profileId,
        address: rule.address,
        resource: 'energy' as const,
        count: buy.count,
        quotedSun: buy.quotedSun,
      };
      const intent: OrderIntent =
        buy.option === 'timed' ? { kind: 'energy', period: buy.period, ...common } : { kind: 'fast_recover', ...common };
      // Inside the intent's transaction: another order for the address journaled meanwhile (a person's, the CLI's) wins.
      const oneAtATime = (): void => {
        const busy = addressBusy(ordersFor(rule), rule.address, readingAt(rule.address), timing.arrivalGraceMs);
        if (busy) throw new AppError('refused', msg('errors:app.ruleOrderOnItsWay', { order: busy.order.localId }));
      };
      try {
        const outcome = await deps.commands.place(session, intent, { via: 'rule', ruleId: rule.id }, oneAtATime);
        try {
          deps.commands.settle(session, outcome);
        } catch {
          // Failed or unknown: journaled, tracked and published; its record and its notification say so.
        }
        return { placed: true, localId: outcome.order.localId };
      } catch (err) {
        const reason = err instanceof SpendLimitError ? 'daily_limit' : 'refused';
        return { placed: false, reason, text: words.offerNotPlaced(buy, userText(err)) };
      }
    },
  };

  return new RuleEvaluator({
    clock: deps.clock,
    rule: (id) => (deps.sessions.current() === session ? deps.rules.find(id) : undefined),
    situation,
    ledger: storedRuleLedger(journal.rules),
    quotes,
    placer,
    log: new StoredDecisionLog(journal.rules),
    timing,
  });
}
