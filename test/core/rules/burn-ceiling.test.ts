import { describe, expect, it } from 'vitest';
import { decide, type QuoteAnswer, type QuoteAsk } from '../../../src/core/rules/decide.ts';
import { words } from '../../../src/core/rules/decision-words.ts';
import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { messageText } from '../../../src/shared/i18n/i18n.ts';
import { msg } from '../../../src/shared/i18n/message.ts';
import { parseCeiling } from '../../../src/core/rules/rule-draft.ts';
import { measureBurnCeiling } from '../../support/money-guards/burn.ts';
import { input, rule, situation } from './rule-fixtures.ts';

/** 4 transfers to holders from an empty wallet (the fixtures' rule). */
const COUNT = 4 * 64_285;
const TIMED: QuoteAsk = { option: 'timed', period: '1h', count: COUNT };
const FAST: QuoteAsk = { option: 'fast_recover', period: null, count: COUNT };
const answer = (ask: QuoteAsk, sun: bigint): QuoteAnswer => ({ ...ask, result: { ok: true, sun } });
/** Burning the fixtures' 257,140 energy at 100 SUN: 25.714 TRX. */
const BURN = BigInt(COUNT) * 100n;

const priced = (quoteSun: bigint, over: Parameters<typeof input>[0] = {}) =>
  decide(input({ rule: rule({ dailyCapSun: '100000000' }), quotes: [answer(TIMED, quoteSun)], ...over }));

describe('the burn ceiling of auto top-up', () => {
  it('refuses a quote at the burn cost and one SUN above it, and buys one SUN below it (measured through the node simulator)', async () => {
    const m = await measureBurnCeiling();
    console.log(`burn: above_burn_bought=${m.above_burn_bought} below_burn_bought=${m.below_burn_bought} unknown_fee_bought=${m.unknown_fee_bought}`);
    expect(m).toMatchObject({ above_burn_bought: 0, below_burn_bought: 1, unknown_fee_bought: 0 });
    const byOffset = new Map(m.cases.map((c) => [c.overBurnSun, c]));
    expect(byOffset.get(-1n)?.record).toMatchObject({ kind: 'buy', reason: 'below_keep', quotedSun: 6_428_499n });
    expect(byOffset.get(0n)?.record).toMatchObject({ kind: 'refuse', reason: 'above_burn_cost', quotedSun: 6_428_500n, orderLocalId: null });
    expect(byOffset.get(0n)?.record.detail).toBe('Renting 64,285 energy costs 6.43 TRX now; burning it would cost 6.43 TRX. Not bought.');
    expect(byOffset.get(1n)?.record).toMatchObject({ kind: 'refuse', reason: 'above_burn_cost', quotedSun: 6_428_501n });
    expect(byOffset.get(6_428_500n)?.record).toMatchObject({ kind: 'refuse', reason: 'above_burn_cost', quotedSun: 12_857_000n });
    // getchainparameters failing: the cost is unknown, nothing is bought, and the decision says why.
    expect(m.unknownFee).toMatchObject({ kind: 'paused', reason: 'burn_cost_unknown', orderLocalId: null });
    expect(m.unknownFee?.detail).toMatch(/^Paused: the chain's energy fee cannot be read \(.+\), so what burning TRX would cost is unknown; nothing is bought until it can be read\.$/);
  });

  it("words the refusal as the issue does, with both figures, and in the app's languages", () => {
    const message = words.aboveBurnCost(117_136, 12_400_000n, 11_713_600n);
    expect(englishText(message)).toBe('Renting 117,136 energy costs 12.40 TRX now; burning it would cost 11.71 TRX. Not bought.');
    expect(messageText(message, 'ru')).toBe('Аренда 117\u00a0136 энергии сейчас стоит 12,40 TRX; сжигание TRX обошлось бы в 11,71 TRX. Не куплено.');
    expect(messageText(message, 'zh-CN')).toBe('现在租用 117,136 能量需 12.40 TRX；燃烧 TRX 则需 11.71 TRX。未购买。');
  });

  it('checks the burn cost before what is left of the caps, and for "cheapest now" on the cheaper offer', () => {
    // Over the rule's cap too: the burn cost is the reason given.
    expect(decide(input({ quotes: [answer(TIMED, BURN + 1n)] }))).toMatchObject({ kind: 'refuse', reason: 'above_burn_cost' });
    const cheapest = input({ rule: rule({ option: 'cheapest', period: '1h', dailyCapSun: '100000000' }) });
    expect(decide({ ...cheapest, quotes: [answer(TIMED, BURN + 5n), answer(FAST, BURN - 1n)] })).toMatchObject({ kind: 'buy', option: 'fast_recover', quotedSun: BURN - 1n });
    expect(decide({ ...cheapest, quotes: [answer(TIMED, BURN), answer(FAST, BURN + 1n)] })).toMatchObject({
      kind: 'refuse',
      reason: 'above_burn_cost',
      offer: { option: 'timed', quotedSun: BURN },
    });
  });

  it('buys nothing without the fee: absent, or failed to read', () => {
    const { energyFee: _fee, ...withoutFee } = input({ quotes: [answer(TIMED, 1n)] });
    const unknown = decide(withoutFee);
    expect(unknown).toMatchObject({ kind: 'paused', reason: 'burn_cost_unknown' });
    expect(unknown.kind === 'paused' && englishText(unknown.text)).toContain('(the fee was not read)');
    const noNode = msg('errors:app.noNode');
    expect(priced(1n, { energyFee: { ok: false, text: noNode } })).toMatchObject({
      kind: 'paused',
      reason: 'burn_cost_unknown',
      text: { key: 'decisions:burnCostUnknown', values: { why: noNode } },
    });
    // Before quoting there is no fee to know: the engine asks for prices as always.
    expect(decide(input({ energyFee: { ok: false, text: noNode } }))).toMatchObject({ kind: 'quote' });
  });

  it("holds a rule to its own ceiling in SUN per energy: at it buys, one SUN above refuses; a ceiling above the burn price leaves the burn price binding", () => {
    const at60 = { rule: rule({ dailyCapSun: '100000000', maxSunPerEnergy: '60' }) };
    const ceiling = BigInt(COUNT) * 60n;
    expect(decide(input({ ...at60, quotes: [answer(TIMED, ceiling)] }))).toMatchObject({ kind: 'buy', quotedSun: ceiling });
    const over = decide(input({ ...at60, quotes: [answer(TIMED, ceiling + 1n)] }));
    expect(over).toMatchObject({ kind: 'refuse', reason: 'above_price_ceiling', offer: { quotedSun: ceiling + 1n } });
    expect(over.kind === 'refuse' && englishText(over.text)).toBe("Renting 257,140 energy costs 15.428401 TRX now, above the rule's ceiling of 60 SUN per energy (15.4284 TRX). Not bought.");
    const at500 = { rule: rule({ dailyCapSun: '100000000', maxSunPerEnergy: '500' }) };
    expect(decide(input({ ...at500, quotes: [answer(TIMED, BURN)] }))).toMatchObject({ kind: 'refuse', reason: 'above_burn_cost' });
    expect(decide(input({ ...at500, quotes: [answer(TIMED, BURN - 1n)] }))).toMatchObject({ kind: 'buy' });
    // The fee rose past the ceiling: the ceiling binds.
    expect(decide(input({ ...at500, energyFee: { ok: true, sun: 600n }, quotes: [answer(TIMED, BigInt(COUNT) * 500n + 1n)] }))).toMatchObject({
      kind: 'refuse',
      reason: 'above_price_ceiling',
    });
    expect(decide(input({ ...at500, situation: situation(), quotes: [answer(TIMED, BigInt(COUNT) * 500n + 1n)] }))).toMatchObject({ reason: 'above_burn_cost' });
  });

  it('reads a ceiling as typed: empty follows the burn price, a whole number of SUN per energy from 1 to 100,000', () => {
    expect(parseCeiling('')).toEqual({ ok: true, sun: null });
    expect(parseCeiling(undefined)).toEqual({ ok: true, sun: null });
    expect(parseCeiling(' 90 ')).toEqual({ ok: true, sun: 90n });
    expect(parseCeiling('100000')).toEqual({ ok: true, sun: 100_000n });
    for (const bad of ['0', '100001', '9.5', '-1', 'lots', '1e3']) {
      const parsed = parseCeiling(bad);
      expect(!parsed.ok && englishText(parsed.text)).toMatch(/whole number of SUN per energy from 1 to 100,000/);
    }
  });
});
