import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER, scaleQuote, startSimulator, quoteTimed } from '../../../src/core/simulator/index.ts';
import type { Simulator } from '../../../src/core/simulator/index.ts';
import { ADDRESS_A, caller } from './sim-http.ts';
import * as shape from './shapes.ts';

/** A price spike (the soak's): quotes and charges both follow the percent the simulator is given at that moment. */

const open: Simulator[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('simulator price spikes', () => {
  it('scales the priced part, keeps the fee, rounds the total up to 100 SUN', () => {
    const small = quoteTimed('energy', 40_000, '1h')!;
    expect(small).toMatchObject({ amountSun: 2_500_000n, feeSun: 500_000n });
    expect(scaleQuote(small, 250n)).toMatchObject({ amountSun: 5_500_000n, feeSun: 500_000n, unitPriceSun: 125n });
    expect(scaleQuote(quoteTimed('energy', 65_001, '1h')!, 133n).amountSun).toBe(4_322_700n); // 3,250,100 × 1.33 = 4,322,633 → up to 100
    expect(scaleQuote(small, 100n)).toBe(small);
  });

  it('quotes and charges at the percent in force when asked', async () => {
    let percent = 100n;
    const sim = await startSimulator({ pricePercent: () => percent });
    open.push(sim);
    const call = caller(sim.baseUrl);
    const price = async (): Promise<string> => {
      const out = await call('GET', '/query_price', { query: { type: 'energy', count: '65000', period: '1h' } });
      return shape.successEnvelope(shape.resourcePrice).parse(out.body).data.amount;
    };
    const fastPrice = async (): Promise<string> => {
      const out = await call('POST', '/query_fast_recover_price', { query: { resource_type: 'energy', count: '65000' } });
      return shape.successEnvelope(shape.fastRecoverPrice).parse(out.body).data.amount;
    };
    expect([await price(), await fastPrice()]).toEqual(['3.2500', '3.9000']);
    percent = 300n;
    expect([await price(), await fastPrice()]).toEqual(['9.7500', '11.7000']);
    const before = sim.balanceOf(DEMO_USER.apiKey).trxSun;
    expect((await call('POST', '/buy_energy', { form: { address: ADDRESS_A, count: '65000', period: '1h' } })).status).toBe(200);
    expect(before - sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(9_750_000n);
    percent = 100n;
    expect((await call('POST', '/buy_fast_recover', { form: { address: ADDRESS_A, count: '65000', resource_type: 'energy' } })).status).toBe(200);
    expect(before - sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(9_750_000n + 3_900_000n);
  });
});
