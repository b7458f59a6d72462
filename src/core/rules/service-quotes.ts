import type { ServiceApi } from '../api/types.ts';
import { userText } from '../base/domain-error.ts';
import { errorFacts } from '../orders/api-error-facts.ts';
import type { EnergyFeeResult } from './burn-ceiling.ts';
import type { QuoteResult } from './decide.ts';
import type { QuotePort } from './rule-evaluator.ts';

/** Errors that say the service did not answer (pause), as opposed to a price it will not give (refuse). */
const OUTAGE_CATEGORIES = new Set(['network', 'server', 'malformed_response', 'clock']);

/**
 * The engine's quotes from the service's client (the price queries of the
 * energy order it would place); the burn cost from `energyFee`
 * (the chain's energy fee: no rule buys above it, nor without knowing it).
 */
export function serviceQuotes(api: ServiceApi, energyFee: () => Promise<EnergyFeeResult>): QuotePort {
  return {
    async quote(ask): Promise<QuoteResult> {
      try {
        const answer =
          ask.option === 'timed'
            ? await api.queryPrice({ type: 'energy', count: ask.count, period: ask.period ?? '' })
            : await api.queryFastRecoverPrice('energy', ask.count);
        return { ok: true, sun: answer.data.amountSun };
      } catch (err) {
        const { category } = errorFacts(err);
        const unreachable = category === undefined || OUTAGE_CATEGORIES.has(category);
        return { ok: false, failure: unreachable ? 'unreachable' : 'refused', text: userText(err) };
      }
    },
    energyFee,
  };
}
