import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { messageText } from '../../../src/shared/i18n/i18n.ts';
import { msg } from '../../../src/shared/i18n/message.ts';
import { describe, expect, it } from 'vitest';
import { acknowledgeUnknown, MAX_RULES_PER_PROFILE, parseStoredRules, ruleCapSun } from '../../../src/core/rules/rule.ts';
import { checkRuleDraft, draftOf, parseCapTrx, type RuleDraft, type RuleDraftContext } from '../../../src/core/rules/rule-draft.ts';
import { ruleApprovalChanges } from '../../../src/core/rules/rule-approval.ts';
import { ADDRESS, NOON, OTHER_ADDRESS, rule } from './rule-fixtures.ts';

const draft = (over: Partial<RuleDraft> = {}): RuleDraft => ({
  name: ' Payroll ',
  address: ` ${ADDRESS} `,
  enabled: true,
  keepTransfers: 2,
  topUpTransfers: 4,
  option: 'timed',
  period: '1h',
  dailyCapTrx: '20',
  maxOrdersPerDay: 6,
  ...over,
});
const context = (over: Partial<RuleDraftContext> = {}): RuleDraftContext => ({ id: 'new-id', profileId: 'p1', now: NOON, rules: [], watched: [ADDRESS, OTHER_ADDRESS], ...over });
const problemsOf = (d: RuleDraft, c: RuleDraftContext = context()): string[] => {
  const checked = checkRuleDraft(d, c);
  return checked.ok ? [] : checked.problems.map((p) => `${p.field}: ${englishText(p.text)}`);
};

describe('rules as stored', () => {
  it('keeps valid rules and drops invalid ones and repeats of an id or of an address in a profile', () => {
    const { items: rules, dropped } = parseStoredRules([
      rule(),
      rule({ id: 'r1', address: OTHER_ADDRESS }), // the same id
      rule({ id: 'r2' }), // the same address in the same profile
      rule({ id: 'r3', profileId: 'p2' }), // another profile may watch it too
      rule({ id: 'r4', address: OTHER_ADDRESS, topUpTransfers: 1 }), // tops up below what it keeps
      rule({ id: 'r5', address: OTHER_ADDRESS, option: 'fast_recover' }), // a period on a fast recover
      rule({ id: 'r6', address: OTHER_ADDRESS, period: '7years' }),
      rule({ id: 'r7', address: OTHER_ADDRESS, dailyCapSun: '0' }),
      rule({ id: 'r8', address: OTHER_ADDRESS, dailyCapSun: '1000000000001' }),
      rule({ id: 'r9', address: OTHER_ADDRESS, maxOrdersPerDay: 97 }),
      { ...rule({ id: 'r10', address: OTHER_ADDRESS }), extra: 1 },
      'not a rule',
    ]);
    expect(rules.map((r) => r.id)).toEqual(['r1', 'r3']);
    expect(dropped).toBe(10);
    expect(ruleCapSun(rules[0]!)).toBe(20_000_000n);
  });

  it('acknowledging unknown outcomes moves the mark forward only', () => {
    expect(acknowledgeUnknown(rule(), NOON).unknownCheckedAt).toBe(NOON);
    expect(acknowledgeUnknown(rule({ unknownCheckedAt: NOON }), NOON - 1).unknownCheckedAt).toBe(NOON);
  });
});

describe('the daily cap as typed in TRX', () => {
  it('is exact SUN for plain amounts with up to six decimals', () => {
    expect(parseCapTrx('20')).toEqual({ ok: true, sun: 20_000_000n });
    expect(parseCapTrx(' 6.5 ')).toEqual({ ok: true, sun: 6_500_000n });
    expect(parseCapTrx('0.000001')).toEqual({ ok: true, sun: 1n });
    expect(parseCapTrx('1000000')).toEqual({ ok: true, sun: 1_000_000_000_000n });
  });

  it('refuses anything else with a message that says what to type', () => {
    for (const text of ['', 'abc', '-1', '1e3', '1,000', '0.0000001', '1.', '.5', '20 TRX']) {
      const parsed = parseCapTrx(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(englishText(parsed.text)).toMatch(/in TRX as a plain number/);
    }
    expect(parseCapTrx('0')).toEqual({ ok: false, text: msg('errors:ruleDraft.capPositive') });
    const most = parseCapTrx('1000000.000001');
    expect(!most.ok && englishText(most.text)).toBe('The daily cap can be at most 1,000,000.00 TRX.');
    expect(!most.ok && messageText(most.text, 'ru')).toBe('Дневной лимит может быть не больше 1\u00a0000\u00a0000,00 TRX.');
  });
});

describe('a rule as entered', () => {
  it('becomes a rule with the cap in SUN, trimmed text, and "unknown outcomes seen" from now', () => {
    const checked = checkRuleDraft(draft(), context());
    expect(checked).toEqual({
      ok: true,
      rule: { ...rule({ id: 'new-id', createdAt: NOON, unknownCheckedAt: NOON }) },
    });
    const fast = checkRuleDraft(draft({ option: 'fast_recover', period: null }), context());
    expect(fast.ok && fast.rule.period).toBe(null);
  });

  it('names each problem with its field and changes nothing', () => {
    expect(problemsOf(draft({ name: '  ', address: 'TNotAnAddress', keepTransfers: 0, topUpTransfers: 101, dailyCapTrx: '0', maxOrdersPerDay: 97 }))).toEqual([
      'name: Name the rule in 1 to 40 characters.',
      'address: Not a valid TRON address (bad length).',
      "keepTransfers: Keep at least 1 to 100 transfers' worth of energy.",
      'topUpTransfers: Top up for 1 to 100 transfers.',
      'dailyCapTrx: The daily cap must be more than 0 TRX.',
      'maxOrdersPerDay: Allow 1 to 96 orders a day.',
    ]);
    expect(problemsOf(draft({ keepTransfers: 3, topUpTransfers: 2 }))).toEqual(['topUpTransfers: Top up for at least the 3 transfers the rule keeps.']);
    expect(problemsOf(draft({ keepTransfers: 1.5 }))).toEqual(["keepTransfers: Keep at least 1 to 100 transfers' worth of energy."]);
    expect(problemsOf(draft({ option: 'fast_recover', period: '1h' }))).toEqual(['period: A fast recover has no period.']);
    expect(problemsOf(draft({ option: 'cheapest', period: null }))).toEqual(['period: Choose the rental period: 15minutes, 1h, 1day, 3day.']);
    expect(problemsOf(draft({ period: '2h' }))).toEqual(['period: Choose the rental period: 15minutes, 1h, 1day, 3day.']);
    expect(problemsOf(draft({ option: 'sometimes' as never }))).toEqual(['option: Choose timed, fast recover or cheapest now.']);
  });

  it('needs a watched address without a rule, and a free place among the profile rules', () => {
    expect(problemsOf(draft(), context({ watched: [OTHER_ADDRESS] }))).toEqual([
      'address: Watch this address first: a rule keeps a watched wallet topped up, using its energy per transfer.',
    ]);
    expect(problemsOf(draft(), context({ rules: [rule({ id: 'other' })] }))).toEqual(['address: This address already has an auto top-up rule; edit that one.']);
    // As many rules as watched wallets: a merchant's 1,000 deposit addresses each with its rule (issue 25).
    expect(MAX_RULES_PER_PROFILE).toBe(1_000);
    const full = Array.from({ length: MAX_RULES_PER_PROFILE }, (_, i) => rule({ id: `r${i}`, address: `T${i}` }));
    expect(problemsOf(draft(), context({ rules: full }))).toEqual(['address: A profile has at most 1,000 auto top-up rules.']);
  });

  it('keeps the identity of an edited rule, and its acknowledgements unless it moves to another address', () => {
    const before = rule({ id: 'r1', unknownCheckedAt: NOON - 5_000 });
    const edited = checkRuleDraft(draft({ dailyCapTrx: '25.5' }), context({ before, rules: [before], now: NOON + 1 }));
    expect(edited).toMatchObject({ ok: true, rule: { id: 'r1', createdAt: before.createdAt, unknownCheckedAt: NOON - 5_000, dailyCapSun: '25500000' } });
    const moved = checkRuleDraft(draft({ address: OTHER_ADDRESS }), context({ before, rules: [before], now: NOON + 1 }));
    expect(moved).toMatchObject({ ok: true, rule: { id: 'r1', address: OTHER_ADDRESS, unknownCheckedAt: NOON + 1 } });
  });

  it('round-trips through the editor draft', () => {
    const stored = rule({ dailyCapSun: '6500001' });
    expect(draftOf(stored).dailyCapTrx).toBe('6.500001');
    const again = checkRuleDraft(draftOf(stored), context({ before: stored, rules: [stored] }));
    expect(again).toEqual({ ok: true, rule: stored });
  });
});

describe('which edits main must approve', () => {
  it('asks for a new rule, stating the address in full and the envelope', () => {
    const [change, ...rest] = ruleApprovalChanges(undefined, rule({ enabled: false }));
    expect(rest).toEqual([]);
    expect(change?.title).toBe('Add the auto top-up “\u2068Payroll\u2069”?');
    expect(change?.what).toContain(ADDRESS);
    expect(change?.what).toContain('at most 6 orders and 20.00 TRX a day, within the daily spending limit');
    expect(change?.amountSun).toBe(20_000_000n);
  });

  it('asks for a move to another address, a higher cap and more orders a day', () => {
    const before = rule();
    expect(ruleApprovalChanges(before, rule({ address: OTHER_ADDRESS }))[0]?.change).toContain(`Address: ${ADDRESS} → ${OTHER_ADDRESS}`);
    const raised = ruleApprovalChanges(before, rule({ dailyCapSun: '20000001', maxOrdersPerDay: 7 }));
    expect(raised.map((c) => c.change)).toEqual(['Daily cap: 20.00 TRX → 20.000001 TRX', 'Orders a day: 6 → 7']);
    expect(raised[0]?.amountSun).toBe(20_000_001n);
  });

  it('asks before a rule that was off is turned on (the brief of phase 2), and nothing to turn it off', () => {
    const [change, ...rest] = ruleApprovalChanges(rule({ enabled: false }), rule({ enabled: true }));
    expect(rest).toEqual([]);
    expect(change?.change).toBe('Auto top-up: off → on');
    expect(change?.what).toContain(ADDRESS);
    expect(change?.amountSun).toBe(20_000_000n);
    expect(ruleApprovalChanges(rule({ enabled: true }), rule({ enabled: false }))).toEqual([]);
  });

  it('asks nothing for edits within what was approved', () => {
    const before = rule();
    const within = [
      rule({ enabled: false }),
      rule({ name: 'Renamed' }),
      rule({ keepTransfers: 5, topUpTransfers: 10 }),
      rule({ option: 'cheapest', period: '1day' }),
      rule({ option: 'fast_recover', period: null }),
      rule({ dailyCapSun: '1', maxOrdersPerDay: 1 }),
      rule({ unknownCheckedAt: NOON }),
    ];
    for (const after of within) expect(ruleApprovalChanges(before, after)).toEqual([]);
  });
});
