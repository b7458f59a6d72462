// app/auto-top-up: the rules' storage, runtime, decisions and views around the pure engine in core/rules.
import { userText } from '../../base/domain-error.ts';
import { msg } from '../../../shared/i18n/message.ts';
import type { OrderIntent } from '../../orders/order-types.ts';
import { SpendLimitError } from '../../orders/spend-limit.ts';
import type { BuyDecision } from '../../rules/decision.ts';
import { words } from '../../rules/decision-words.ts';
import type { Rule } from '../../rules/rule.ts';
import type { OrderPlacer, Placement } from '../../rules/rule-evaluator.ts';
import { AppError } from '../app-error.ts';
import type { OrderCommands } from '../orders/order-commands.ts';
import type { Session } from '../session/session.ts';
import type { SessionManager } from '../session/session-manager.ts';

/**
 * A rule's purchase on one session, through the one paid-order lifecycle
 * (OrderCommands.place, origin `rule`): the daily limit and "one order per
 * address" (`busy`, another order for the address journaled meanwhile, a
 * person's or the CLI's) are checked again inside the intent's write
 * transaction. A refusal comes back as a placement not made, in words.
 */
export function rulePlacer(
  session: Session,
  deps: { sessions: SessionManager; commands: OrderCommands },
  busy: (rule: Rule) => { order: { localId: string } } | null,
): OrderPlacer {
  return {
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
      const oneAtATime = (): void => {
        const other = busy(rule);
        if (other) throw new AppError('refused', msg('errors:app.ruleOrderOnItsWay', { order: other.order.localId }));
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
}
