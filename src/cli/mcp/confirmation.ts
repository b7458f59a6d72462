import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AssistantOrigin } from '../../core/orders/order-types.ts';
import { shownName } from '../../shared/user-names.ts';
import { num } from '../i18n.ts';
import type { PurchasePlan } from './purchase-plan.ts';
import { m, money, moneyPair } from './words.ts';

/** Declined (or cancelled, or no answer): nothing is sent. Not asked: the client cannot ask (the allowance alone decides). */
export type Answer = 'confirmed' | 'declined' | 'not_asked';

export interface Confirmation {
  ask(facts: { plan: PurchasePlan; origin: AssistantOrigin; host: string; spentSun: bigint; dailySun: bigint }): Promise<Answer>;
}

/** How long the person has to answer before the purchase is dropped. */
const ANSWER_MS = 5 * 60_000;

/**
 * The person confirms each purchase when the MCP client can ask them
 * (elicitation, protocol 2025-06-18): what, for which address in full, at
 * what cost, through which host, the reason the assistant gave and the client
 * that asked (both quoted and isolated: they are not Energy Tray's words),
 * the burn cost it is compared with, and the allowance used today. Only an
 * explicit accept with the box ticked buys; a decline, a cancel, a timeout or
 * a failed request sends nothing.
 */
export function elicitationConfirmation(server: Server): Confirmation {
  return {
    async ask({ plan, origin, host, spentSun, dailySun }): Promise<Answer> {
      if (server.getClientCapabilities()?.elicitation?.form === undefined) return 'not_asked';
      const what =
        plan.option === 'timed'
          ? m('confirm.timed', { count: num(plan.energy), period: plan.period ?? '' })
          : m('confirm.fast', { count: num(plan.energy) });
      const [cost, burn] = moneyPair(plan.costSun, plan.burnSun);
      const message = m('confirm.message', {
        client: m('confirm.client', { name: shownName(origin.client) }),
        what,
        address: plan.address,
        cost,
        host,
        reason: shownName(origin.reason),
        burn,
        spent: money(spentSun),
        daily: money(dailySun),
      });
      try {
        const answer = await server.elicitInput(
          {
            mode: 'form',
            message,
            requestedSchema: {
              type: 'object',
              properties: { confirm: { type: 'boolean', title: m('confirm.field'), description: m('confirm.fieldHelp'), default: false } },
              required: ['confirm'],
            },
          },
          { timeout: ANSWER_MS },
        );
        return answer.action === 'accept' && answer.content?.['confirm'] === true ? 'confirmed' : 'declined';
      } catch {
        return 'declined';
      }
    },
  };
}
