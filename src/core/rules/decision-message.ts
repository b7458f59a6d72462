import { translator } from '../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { formatCountIn } from '../../shared/i18n/locale-format.ts';
import { moneyPairText } from '../../shared/money-text.ts';
import type { Sun } from '../base/money.ts';

/**
 * A decision's words as a catalogue key and the facts it rests on (the
 * notifications catalogue, `decision.*`), worded in any language when shown:
 * the notification of a refusal speaks the app's language, and the record's
 * stored detail is the English text of the same message. The older reasons
 * still carry English sentences (decision-words.ts) until they move here too.
 */
export type DecisionMessage =
  /** The quote is not below what burning TRX for the same energy costs at the live energy fee. */
  | { key: 'decision.aboveBurnCost'; energy: number; costSun: Sun; burnSun: Sun }
  /** The quote is above the rule's own ceiling in SUN per energy (set below the burn price). */
  | { key: 'decision.aboveCeiling'; energy: number; costSun: Sun; ceilingSun: Sun; sunPerEnergy: bigint }
  /** The energy fee could not be read: what burning costs is unknown, so nothing is bought. */
  | { key: 'decision.burnCostUnknown'; why: string };

/** The message in `language` (English by default: the record's stored detail). */
export function decisionText(message: DecisionMessage, language: Language = SOURCE_LANGUAGE): string {
  const t = translator(language, 'notifications');
  // Two amounts the sentence compares: the one money rule, exact where it would make them read the same.
  const pair = (a: Sun, b: Sun): [string, string] => moneyPairText(a, b, language);
  switch (message.key) {
    case 'decision.aboveBurnCost': {
      const [cost, burn] = pair(message.costSun, message.burnSun);
      return t('decision.aboveBurnCost', { energy: formatCountIn(message.energy, language), cost, burn });
    }
    case 'decision.aboveCeiling':
      return t('decision.aboveCeiling', {
        energy: formatCountIn(message.energy, language),
        cost: pair(message.costSun, message.ceilingSun)[0],
        ceiling: pair(message.costSun, message.ceilingSun)[1],
        perEnergy: formatCountIn(message.sunPerEnergy, language),
      });
    case 'decision.burnCostUnknown':
      return t('decision.burnCostUnknown', { why: message.why });
  }
}
