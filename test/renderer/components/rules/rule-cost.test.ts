import { describe, expect, it } from 'vitest';
import { capSun, quoteRuleBuy, ruleBuyEnergy, ruleCost } from '../../../../src/renderer/src/components/rules/rule-cost.ts';
import type { IpcResult, QuoteView } from '../../../../src/shared/ipc.ts';
import { msg } from '../../../../src/shared/i18n/message.ts';
import { failed } from '../../fake-bridge.ts';

const price = (sun: number): IpcResult<QuoteView> => ({ ok: true, value: { amountSun: String(sun), feeSun: '0', unitPriceSun: '1', remark: null, burnSun: null } });

describe('what a rule will cost', () => {
  it('reads the cap as typed, exactly', () => {
    expect(capSun('20')).toBe(20_000_000n);
    expect(capSun(' 6.5 ')).toBe(6_500_000n);
    expect(capSun('0.000001')).toBe(1n);
    expect(capSun('lots')).toBeNull();
    expect(capSun('1.0000001')).toBeNull();
  });

  it('buys the top-up transfers’ energy from an empty wallet, at least the minimum order', () => {
    expect(ruleBuyEnergy('64285', 2)).toBe(128_570);
    expect(ruleBuyEnergy('20000', 1)).toBe(30_000);
    expect(ruleBuyEnergy('64285', 0)).toBeNull();
    expect(ruleBuyEnergy('x', 2)).toBeNull();
  });

  it('bounds a day by the orders a day at this price, or the cap when lower; says when one buy is over the cap', () => {
    expect(ruleCost(5_860_000n, 3, 20_000_000n)).toEqual({ perBuySun: 5_860_000n, perDaySun: 17_580_000n, overCap: false });
    expect(ruleCost(5_860_000n, 3, 10_000_000n)).toEqual({ perBuySun: 5_860_000n, perDaySun: 10_000_000n, overCap: false });
    expect(ruleCost(5_860_000n, 3, 5_000_000n).overCap).toBe(true);
    expect(ruleCost(5_860_000n, 3, null).perDaySun).toBe(17_580_000n);
  });

  it('prices the rule’s option, or both and the cheaper ("whichever is cheaper"), a tie going to the rental', async () => {
    const asked: string[] = [];
    const quoters = {
      timed: async (count: number, period: string) => (asked.push(`timed ${count} ${period}`), price(6_000_000)),
      fast: async (count: number) => (asked.push(`fast ${count}`), price(5_000_000)),
    };
    expect(await quoteRuleBuy({ option: 'timed', period: '1day' }, 65_000, quoters)).toEqual(price(6_000_000));
    expect(await quoteRuleBuy({ option: 'fast_recover', period: null }, 65_000, quoters)).toEqual(price(5_000_000));
    expect(await quoteRuleBuy({ option: 'cheapest', period: '1h' }, 65_000, quoters)).toEqual(price(5_000_000));
    expect(asked).toEqual(['timed 65000 1day', 'fast 65000', 'timed 65000 1h', 'fast 65000']);
    const tie = { timed: async () => price(5_000_000), fast: async () => ({ ...price(5_000_000), tag: 'fast' }) };
    expect(await quoteRuleBuy({ option: 'cheapest', period: '1h' }, 65_000, tie)).toEqual(price(5_000_000));
    const refused: IpcResult<QuoteView> = failed('not_found', msg('errors:app.notApprovedSent'));
    expect(await quoteRuleBuy({ option: 'cheapest', period: '1h' }, 65_000, { timed: async () => refused, fast: async () => price(7_000_000) })).toEqual(price(7_000_000));
  });
});
