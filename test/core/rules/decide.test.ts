import { describe, expect, it } from 'vitest';
import { decide, quoteAsks, type QuoteAnswer, type QuoteAsk, type QuoteResult, type Verdict } from '../../../src/core/rules/decide.ts';
import { HOLDER, input, NOON, order, OTHER_ADDRESS, rule, situation } from './rule-fixtures.ts';
import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { msg, type Message } from '../../../src/shared/i18n/message.ts';

const answer = (ask: QuoteAsk, result: QuoteResult): QuoteAnswer => ({ ...ask, result });
const ok = (sun: bigint): QuoteResult => ({ ok: true, sun });
/** 4 transfers to holders from an empty wallet. */
const COUNT = 4 * 64_285;
const TIMED: QuoteAsk = { option: 'timed', period: '1h', count: COUNT };
const FAST: QuoteAsk = { option: 'fast_recover', period: null, count: COUNT };

const reasonOf = (verdict: Verdict): string => (verdict.kind === 'quote' ? 'quote' : `${verdict.kind}:${verdict.reason}`);
/** A decision's words in English (its detail as recorded); the decision itself carries the message. */
const detail = (verdict: Verdict): string => (verdict.kind === 'quote' ? '' : englishText(verdict.text));
/** Why a price could not be had, as the service's error would say it. */
const declined = (what: string): Message => msg('errors:api.serverSaid', { lead: msg('errors:api.declined', { action: msg('errors:api.action.query_price'), status: '' }), said: what });

describe('the rule engine before the figures', () => {
  it('does nothing for a rule that is off, whatever else holds', () => {
    const verdict = decide(input({ rule: rule({ enabled: false }), situation: situation({ orders: [order({ state: 'outcome_unknown' })], nodeDown: true }) }));
    expect(verdict).toEqual({ kind: 'skip', reason: 'disabled', text: msg('decisions:disabled') });
    expect(detail(verdict)).toBe('The rule is off.');
  });

  it('stops on an unknown outcome for the address that nobody has looked at, before any pause', () => {
    const unknown = order({ state: 'outcome_unknown', createdAt: NOON - 60_000 });
    const verdict = decide(input({ situation: situation({ orders: [unknown], pausedAll: true, serviceDown: true }) }));
    expect(verdict).toMatchObject({ kind: 'stopped', reason: 'unknown_outcome', orderLocalId: unknown.localId });
    expect(detail(verdict)).toContain(unknown.localId);
  });

  it('ignores unknown outcomes looked at already, and those of other addresses', () => {
    const seen = order({ state: 'outcome_unknown', createdAt: NOON - 60_000 });
    const elsewhere = order({ state: 'outcome_unknown', address: OTHER_ADDRESS, createdAt: NOON - 1_000 });
    expect(reasonOf(decide(input({ rule: rule({ unknownCheckedAt: NOON - 60_000 }), situation: situation({ orders: [seen, elsewhere] }) })))).toBe('quote');
  });

  it('pauses when all rules are paused, the node or the service is down, or the reading is missing or old', () => {
    expect(reasonOf(decide(input({ situation: situation({ pausedAll: true }) })))).toBe('paused:paused_by_user');
    expect(reasonOf(decide(input({ situation: situation({ nodeDown: true, serviceDown: true }) })))).toBe('paused:node_down');
    expect(reasonOf(decide(input({ situation: situation({ serviceDown: true }) })))).toBe('paused:service_down');
    expect(reasonOf(decide(input({ situation: situation({ reading: null }) })))).toBe('paused:no_reading');
    const old = { at: NOON - 5 * 60_000 - 1, activated: true, availableEnergy: 0n };
    const stale = decide(input({ situation: situation({ reading: old }) }));
    expect(stale).toMatchObject({ kind: 'paused', reason: 'stale_reading' });
    expect(detail(stale)).toBe('Paused: the last reading is 5 min old; nothing is bought on old figures.');
    expect(reasonOf(decide(input({ situation: situation({ reading: { ...old, at: NOON - 5 * 60_000 } }) })))).toBe('quote');
    expect(reasonOf(decide(input({ situation: situation({ reading: old }), timing: { staleAfterMs: 10 * 60_000 } })))).toBe('quote');
  });

  it('skips an address that is not watched any more or not activated', () => {
    expect(reasonOf(decide(input({ situation: situation({ energyPerTransfer: null }) })))).toBe('skip:not_watched');
    expect(reasonOf(decide(input({ situation: situation({ reading: { at: NOON, activated: false, availableEnergy: 0n } }) })))).toBe('skip:not_activated');
  });
});

describe('one order per address at a time', () => {
  it('waits while any order for the address is on its way or stalled', () => {
    for (const state of ['submitting', 'running'] as const) {
      expect(reasonOf(decide(input({ situation: situation({ orders: [order({ state })] }) })))).toBe('skip:order_in_flight');
    }
    expect(reasonOf(decide(input({ situation: situation({ orders: [order({ state: 'stalled' })] }) })))).toBe('skip:order_stalled');
    // Any kind: a bandwidth order or a reclaim for the address is an order for it too.
    expect(reasonOf(decide(input({ situation: situation({ orders: [order({ kind: 'net', resource: 'net' })] }) })))).toBe('skip:order_in_flight');
    expect(reasonOf(decide(input({ situation: situation({ orders: [order({ address: OTHER_ADDRESS })] }) })))).toBe('quote');
    expect(reasonOf(decide(input({ situation: situation({ orders: [order({ state: 'failed' })] }) })))).toBe('quote');
  });

  it('waits for the energy of a succeeded order to show: readings from before the grace window ends are not bought on', () => {
    const finishedAt = NOON - 30_000;
    const succeeded = order({ state: 'succeeded', finishedAt, updatedAt: finishedAt });
    const at = (readingAt: number): Verdict => decide(input({ situation: situation({ orders: [succeeded], reading: { at: readingAt, activated: true, availableEnergy: 0n } }) }));
    expect(reasonOf(at(finishedAt + 59_999))).toBe('skip:energy_arriving');
    expect(reasonOf(at(finishedAt + 60_000))).toBe('quote');
    // Without a finish time the last update stands in for it.
    const older = order({ state: 'succeeded', finishedAt: null, updatedAt: NOON - 10_000 });
    expect(reasonOf(decide(input({ situation: situation({ orders: [older], reading: { at: NOON, activated: true, availableEnergy: 0n } }) })))).toBe('skip:energy_arriving');
    // A succeeded bandwidth order adds no energy to wait for.
    const net = order({ kind: 'net', resource: 'net', state: 'succeeded', finishedAt: NOON - 1_000 });
    expect(reasonOf(decide(input({ situation: situation({ orders: [net] }) })))).toBe('quote');
  });
});

describe('the figures and the caps', () => {
  it('skips while the energy covers the transfers the rule keeps', () => {
    const enough = decide(input({ situation: situation({ reading: { at: NOON, activated: true, availableEnergy: 2n * HOLDER } }) }));
    expect(enough).toMatchObject({ kind: 'skip', reason: 'enough_energy' });
    expect(detail(enough)).toBe('128,570 energy covers 2 transfers; the rule keeps 2.');
    expect(reasonOf(decide(input({ situation: situation({ reading: { at: NOON, activated: true, availableEnergy: 2n * HOLDER - 1n } }) })))).toBe('quote');
  });

  it('refuses without quoting when the orders or the money of the day are used', () => {
    expect(reasonOf(decide(input({ today: { orders: 6, spentSun: 0n } })))).toBe('refuse:max_orders');
    expect(reasonOf(decide(input({ today: { orders: 5, spentSun: 20_000_000n } })))).toBe('refuse:cap_used');
    expect(reasonOf(decide(input({ situation: situation({ globalLeftSun: 0n }) })))).toBe('refuse:daily_limit_used');
    expect(reasonOf(decide(input({ today: { orders: 5, spentSun: 19_999_999n } })))).toBe('quote');
  });

  it('asks to price what the top-up transfers lack, in the rule option, at least the service minimum', () => {
    expect(decide(input())).toEqual({ kind: 'quote', asks: [TIMED] });
    expect(decide(input({ rule: rule({ option: 'fast_recover', period: null }) }))).toEqual({ kind: 'quote', asks: [FAST] });
    expect(decide(input({ rule: rule({ option: 'cheapest', period: '1h' }) }))).toEqual({ kind: 'quote', asks: [TIMED, FAST] });
    const nearly = situation({ reading: { at: NOON, activated: true, availableEnergy: 2n * HOLDER - 1n } });
    expect(decide(input({ rule: rule({ topUpTransfers: 2 }), situation: nearly }))).toEqual({ kind: 'quote', asks: [{ ...TIMED, count: 30_000 }] });
    expect(quoteAsks(rule({ option: 'cheapest', period: '1day' }), 40_000).map((a) => a.period)).toEqual(['1day', null]);
  });

  it('buys at the fresh quote when it fits what is left of the rule cap and of the daily limit', () => {
    const buy = decide(input({ today: { orders: 2, spentSun: 12_000_000n }, quotes: [answer(TIMED, ok(8_000_000n))] }));
    expect(buy).toMatchObject({ kind: 'buy', reason: 'below_keep', option: 'timed', period: '1h', count: COUNT, quotedSun: 8_000_000n });
    expect(detail(buy)).toBe('Ordered 257,140 energy for 1 hr, quoted 8.00 TRX: 0 energy covers 0 transfers; the rule keeps 2.');
  });

  it('refuses a quote above the rule cap left, then one above the daily limit left, naming the price', () => {
    const overCap = decide(input({ today: { orders: 2, spentSun: 12_000_000n }, quotes: [answer(TIMED, ok(8_000_001n))] }));
    expect(overCap).toMatchObject({ kind: 'refuse', reason: 'over_rule_cap', offer: { option: 'timed', count: COUNT, quotedSun: 8_000_001n } });
    expect(detail(overCap)).toBe(
      'Not bought: 257,140 energy for 1 hr now costs 8.000001 TRX, more than the 8.00 TRX left of the rule\'s daily cap of 20.00 TRX.',
    );
    const overLimit = decide(input({ situation: situation({ globalLeftSun: 4_999_999n }), quotes: [answer(TIMED, ok(5_000_000n))] }));
    expect(overLimit).toMatchObject({ kind: 'refuse', reason: 'over_daily_limit', offer: { quotedSun: 5_000_000n } });
  });

  it('for "cheapest now" takes the lower price, the timed rental on a tie, and whichever one could be priced', () => {
    const cheapest = input({ rule: rule({ option: 'cheapest', period: '1h' }) });
    const pick = (timed: QuoteResult, fast: QuoteResult): Verdict => decide({ ...cheapest, quotes: [answer(TIMED, timed), answer(FAST, fast)] });
    expect(pick(ok(5_000_000n), ok(4_999_999n))).toMatchObject({ kind: 'buy', option: 'fast_recover', period: null, quotedSun: 4_999_999n });
    expect(pick(ok(5_000_000n), ok(5_000_000n))).toMatchObject({ kind: 'buy', option: 'timed', period: '1h' });
    expect(pick({ ok: false, failure: 'refused', text: declined('price unavailable') }, ok(6_000_000n))).toMatchObject({ kind: 'buy', option: 'fast_recover' });
    const none = pick({ ok: false, failure: 'refused', text: declined('price unavailable') }, { ok: false, failure: 'refused', text: declined('not configured') });
    expect(none).toMatchObject({ kind: 'refuse', reason: 'no_quote' });
    expect(detail(none)).toBe('Not bought: no price for it now (The service declined getting the price. The service said: "price unavailable".).');
  });

  it('pauses when a quote could not reach the service, even if the other option was priced', () => {
    const cheapest = input({ rule: rule({ option: 'cheapest', period: '1h' }) });
    const verdict = decide({ ...cheapest, quotes: [answer(TIMED, ok(1n)), answer(FAST, { ok: false, failure: 'unreachable', text: declined('timeout') })] });
    expect(reasonOf(verdict)).toBe('paused:service_down');
  });

  it('does not buy on prices for other figures than the ones seen now', () => {
    const moved = decide(input({ quotes: [answer({ ...TIMED, count: COUNT - 1 }, ok(1n))] }));
    expect(reasonOf(moved)).toBe('skip:reading_changed');
    const missing = decide(input({ rule: rule({ option: 'cheapest', period: '1h' }), quotes: [answer(TIMED, ok(1n))] }));
    expect(reasonOf(missing)).toBe('skip:reading_changed');
  });

  it('rechecks everything with the quotes in hand: an order that appeared while quoting wins', () => {
    const verdict = decide(input({ situation: situation({ orders: [order({ state: 'submitting' })] }), quotes: [answer(TIMED, ok(1n))] }));
    expect(reasonOf(verdict)).toBe('skip:order_in_flight');
  });
});
