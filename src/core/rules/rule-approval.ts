import { translator, type Translate } from '../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { formatCountIn } from '../../shared/i18n/locale-format.ts';
import { moneyPairText, moneyText } from '../../shared/money-text.ts';
import { shownName } from '../../shared/user-names.ts';
import { ceilingAboveBurn, ruleCeilingSun } from './burn-ceiling.ts';
import { ruleCapSun, type Rule } from './rule.ts';

/**
 * Which edits of a rule main must approve (ADR 0013): the ones that let it
 * spend more or elsewhere without asking again. Creating a rule, moving it to
 * another address, raising its daily cap or its orders a day, and turning it
 * on (phase 2: a rule switched off may have been off for months; turning it on
 * starts spending). Everything else stays inside what was approved: turning it off, the name, how
 * many transfers it keeps or buys, timed or fast or cheapest (each order
 * still fits the cap), and lowering a cap or the price ceiling. The price
 * ceiling (SUN per energy) asks when raised, when removed (back to the burn
 * price) and when set above the burn price (or the fee cannot be read):
 * whatever it says, no rule pays more than burning would (burn-ceiling.ts). The same shape as
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

/** "90 SUN per energy", or "the burn price" for a rule without a ceiling of its own. */
export function ceilingWords(t: Translate<'dialogs'>, ceilingSun: bigint | null, language: Language): string {
  return ceilingSun === null ? t('request.rule.burnPrice') : t('request.rule.perEnergy', { sun: formatCountIn(ceilingSun, language) });
}

/** A ceiling raised, removed, or set above the burn price (`energyFeeSun`, null when it cannot be read): a change to approve. */
function ceilingChange(before: Rule, after: Rule, energyFeeSun: bigint | null, language: Language): RuleChange | null {
  const t = translator(language, 'dialogs');
  const [from, to] = [ruleCeilingSun(before), ruleCeilingSun(after)];
  const raised = from !== null && (to === null || to > from);
  const aboveBurn = to !== null && to !== from && ceilingAboveBurn(to, energyFeeSun);
  if (!raised && !aboveBurn) return null;
  const ceiling = ceilingWords(t, to, language);
  const facts = { ceiling, address: after.address };
  const what =
    to === null || !aboveBurn
      ? t('request.rule.ceilingWhat', facts)
      : energyFeeSun === null
        ? t('request.rule.ceilingWhatUnknown', facts)
        : t('request.rule.ceilingWhatAbove', { ...facts, fee: ceilingWords(t, energyFeeSun, language) });
  return {
    title: t('request.rule.ceilingTitle', { name: shownName(after.name), ceiling }),
    what,
    change: t('request.rule.ceilingChange', { from: ceilingWords(t, from, language), to: ceiling }),
    amountSun: null,
  };
}

/**
 * The parts of a new or edited rule that need a main-drawn approval; empty
 * when none does. `energyFeeSun` is the burn price now (null: unknown), which
 * a ceiling is compared with.
 */
export function ruleApprovalChanges(
  before: Rule | undefined,
  after: Rule,
  language: Language = SOURCE_LANGUAGE,
  energyFeeSun: bigint | null = null,
): RuleChange[] {
  const t = translator(language, 'dialogs');
  const trx = (sun: bigint): string => moneyText(sun, language);
  const num = (n: number): string => formatCountIn(n, language);
  const cap = trx(ruleCapSun(after));
  const { address } = after;
  // The person's own name for the rule: one line, isolated, inside the catalogue's quote marks.
  const name = shownName(after.name);
  const envelope = t('request.rule.envelope', { count: after.maxOrdersPerDay, orders: num(after.maxOrdersPerDay), cap });
  const spends = { option: optionWords(t, after), address, count: after.keepTransfers, keep: num(after.keepTransfers), envelope };
  if (!before || before.address !== after.address) {
    const moved = before
      ? t('request.rule.movedChange', { from: before.address, to: address })
      : t('request.rule.placedChange', { address });
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
  const ceiling = ceilingChange(before, after, energyFeeSun, language);
  if (ceiling) changes.push(ceiling);
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
