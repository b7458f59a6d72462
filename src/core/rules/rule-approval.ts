import { formatCount, formatTrx } from '../../shared/format.ts';
import { ruleCapSun, type Rule } from './rule.ts';

/**
 * Which edits of a rule main must approve (ADR 0013): the ones that let it
 * spend more or elsewhere without asking again. Creating a rule, moving it to
 * another address, raising its daily cap or its orders a day, and turning it
 * on (phase 2: a rule switched off may have been off for months; turning it on
 * starts spending). Everything else stays inside what was approved: turning it off, the name, how
 * many transfers it keeps or buys, timed or fast or cheapest (each order
 * still fits the cap), and lowering a cap. The same shape as
 * riskySettingsChanges in core/app, which turns it into the approval.
 */
export interface RuleChange {
  title: string;
  what: string;
  /** "Daily cap: 10.00 TRX → 20.00 TRX" */
  change: string;
  /** The sum of money the change sets (the daily cap), in SUN; null when none. */
  amountSun: bigint | null;
}

const optionWords = (rule: Pick<Rule, 'option' | 'period'>): string => {
  switch (rule.option) {
    case 'timed':
      return `energy for ${rule.period ?? '?'}`;
    case 'fast_recover':
      return 'a one-time energy top-up (fast recover)';
    case 'cheapest':
      return `whichever is cheaper then: energy for ${rule.period ?? '?'} or a fast recover`;
  }
};

const envelope = (rule: Rule): string =>
  `at most ${formatCount(rule.maxOrdersPerDay)} order(s) and ${formatTrx(ruleCapSun(rule))} a day, within the daily spending limit`;

/** The parts of a new or edited rule that need a main-drawn approval; empty when none does. */
export function ruleApprovalChanges(before: Rule | undefined, after: Rule): RuleChange[] {
  if (!before || before.address !== after.address) {
    const moved = before ? `Address: ${before.address} → ${after.address}` : `Address: ${after.address}`;
    return [
      {
        title: before ? `Move the auto top-up “${after.name}” to another address?` : `Add the auto top-up “${after.name}”?`,
        what:
          `While it is on, Energy Tray buys ${optionWords(after)} for ${after.address} by itself, without asking again, ` +
          `whenever fewer than ${formatCount(after.keepTransfers)} transfer(s) are covered: ${envelope(after)}.`,
        change: `${moved}; daily cap ${formatTrx(ruleCapSun(after))}; ${formatCount(after.maxOrdersPerDay)} order(s) a day`,
        amountSun: ruleCapSun(after),
      },
    ];
  }
  const changes: RuleChange[] = [];
  if (ruleCapSun(after) > ruleCapSun(before)) {
    changes.push({
      title: `Raise the daily cap of “${after.name}” to ${formatTrx(ruleCapSun(after))}?`,
      what: `The auto top-up may then spend up to ${formatTrx(ruleCapSun(after))} a day on ${after.address} without asking.`,
      change: `Daily cap: ${formatTrx(ruleCapSun(before))} → ${formatTrx(ruleCapSun(after))}`,
      amountSun: ruleCapSun(after),
    });
  }
  if (after.maxOrdersPerDay > before.maxOrdersPerDay) {
    changes.push({
      title: `Allow “${after.name}” ${formatCount(after.maxOrdersPerDay)} orders a day?`,
      what: `The auto top-up may then place up to ${formatCount(after.maxOrdersPerDay)} orders a day for ${after.address} without asking.`,
      change: `Orders a day: ${formatCount(before.maxOrdersPerDay)} → ${formatCount(after.maxOrdersPerDay)}`,
      amountSun: null,
    });
  }
  if (after.enabled && !before.enabled) {
    changes.push({
      title: `Turn on the auto top-up “${after.name}”?`,
      what: `Energy Tray then buys ${optionWords(after)} for ${after.address} by itself whenever fewer than ${formatCount(after.keepTransfers)} transfer(s) are covered: ${envelope(after)}.`,
      change: 'Auto top-up: off → on',
      amountSun: ruleCapSun(after),
    });
  }
  return changes;
}
