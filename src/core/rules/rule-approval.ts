import { translator, type Translate } from '../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { formatCountIn } from '../../shared/i18n/locale-format.ts';
import { moneyPairText, moneyText } from '../../shared/money-text.ts';
import { ruleCapSun, type Rule } from './rule.ts';

/**
 * Which edits of a rule main must approve (ADR 0013): the ones that let it
 * spend more or elsewhere without asking again. Creating a rule, moving it to
 * another address, raising its daily cap or its orders a day, and turning it
 * on (phase 2: a rule switched off may have been off for months; turning it on
 * starts spending). Everything else stays inside what was approved: turning it off, the name, how
 * many transfers it keeps or buys, timed or fast or cheapest (each order
 * still fits the cap), and lowering a cap. The same shape as
 * riskySettingsChanges in core/app, which turns it into the approval; worded
 * in the app's language (the dialogs catalogue, `request.rule.*`).
 */
export interface RuleChange {
  title: string;
  what: string;
  /** "Daily cap: 10.00 TRX → 20.00 TRX" */
  change: string;
  /** The sum of money the change sets (the daily cap), in SUN; null when none. */
  amountSun: bigint | null;
}

const optionWords = (t: Translate<'dialogs'>, rule: Pick<Rule, 'option' | 'period'>): string => {
  switch (rule.option) {
    case 'timed':
      return t('request.rule.optionTimed', { period: rule.period ?? '?' });
    case 'fast_recover':
      return t('request.rule.optionFast');
    case 'cheapest':
      return t('request.rule.optionCheapest', { period: rule.period ?? '?' });
  }
};

/** The parts of a new or edited rule that need a main-drawn approval; empty when none does. */
export function ruleApprovalChanges(before: Rule | undefined, after: Rule, language: Language = SOURCE_LANGUAGE): RuleChange[] {
  const t = translator(language, 'dialogs');
  const trx = (sun: bigint): string => moneyText(sun, language);
  const num = (n: number): string => formatCountIn(n, language);
  const cap = trx(ruleCapSun(after));
  const { name, address } = after;
  const envelope = t('request.rule.envelope', { count: after.maxOrdersPerDay, orders: num(after.maxOrdersPerDay), cap });
  const spends = { option: optionWords(t, after), address, count: after.keepTransfers, keep: num(after.keepTransfers), envelope };
  if (!before || before.address !== after.address) {
    const moved = before ? t('request.rule.movedChange', { from: before.address, to: address }) : t('request.rule.placedChange', { address });
    return [
      {
        title: before ? t('request.rule.moveTitle', { name }) : t('request.rule.addTitle', { name }),
        what: t('request.rule.addWhat', spends),
        change: t('request.rule.addChange', { moved, cap, count: after.maxOrdersPerDay, orders: num(after.maxOrdersPerDay) }),
        amountSun: ruleCapSun(after),
      },
    ];
  }
  const changes: RuleChange[] = [];
  if (ruleCapSun(after) > ruleCapSun(before)) {
    // A raise reads as one even where the rule's two decimals would hide it.
    const [from, cap] = moneyPairText(ruleCapSun(before), ruleCapSun(after), language);
    changes.push({
      title: t('request.rule.capTitle', { name, cap }),
      what: t('request.rule.capWhat', { cap, address }),
      change: t('request.rule.capChange', { from, to: cap }),
      amountSun: ruleCapSun(after),
    });
  }
  if (after.maxOrdersPerDay > before.maxOrdersPerDay) {
    const orders = { count: after.maxOrdersPerDay, orders: num(after.maxOrdersPerDay) };
    changes.push({
      title: t('request.rule.ordersTitle', { name, ...orders }),
      what: t('request.rule.ordersWhat', { address, ...orders }),
      change: t('request.rule.ordersChange', { from: num(before.maxOrdersPerDay), to: num(after.maxOrdersPerDay) }),
      amountSun: null,
    });
  }
  if (after.enabled && !before.enabled) {
    changes.push({
      title: t('request.rule.onTitle', { name }),
      what: t('request.rule.onWhat', spends),
      change: t('request.rule.onChange'),
      amountSun: ruleCapSun(after),
    });
  }
  return changes;
}
