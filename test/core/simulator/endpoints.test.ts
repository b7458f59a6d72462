import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Simulator } from '../../../src/core/simulator/index.ts';
import { DEMO_USER, startSimulator } from '../../../src/core/simulator/index.ts';
import type { Caller } from './sim-http.ts';
import { ADDRESS_A, caller } from './sim-http.ts';
import * as shape from './shapes.ts';

/** Every endpoint's success answer, validated against the shapes of spec section 2. */

let sim: Simulator;
let call: Caller;

beforeEach(async () => {
  sim = await startSimulator();
  call = caller(sim.baseUrl);
});
afterEach(() => sim.close());

function dataOf<T extends z.ZodType>(out: { status: number; body: unknown }, schema: T): z.output<T> {
  expect(out.status).toBe(200);
  return schema.parse(shape.successEnvelope(z.unknown()).parse(out.body).data);
}

describe('simulator endpoints: success shapes', () => {
  it('listens on 127.0.0.1 under /v2', () => {
    expect(sim.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
  });

  it('user_info: the demo balances as 4-decimal TRX/USDT strings', async () => {
    expect(dataOf(await call('GET', '/user_info'), shape.userInfo)).toEqual({ balance_trx: '500.0000', balance_usdt: '100.0000' });
  });

  it('active_account: ActivationData with an empty tx_id, fee 1.5 TRX charged', async () => {
    const data = dataOf(await call('POST', '/active_account', { form: { address: ADDRESS_A } }), shape.activation);
    expect(data.tx_id).toBe('');
    expect(sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(498_500_000n);
  });

  it('buy_energy: EnergyOrderResponseData; 65,000 energy for 1h costs 3.25 TRX', async () => {
    const data = dataOf(await call('POST', '/buy_energy', { form: { address: ADDRESS_A, count: '65000', period: '1h' } }), shape.timedReceipt);
    expect(data.order_sn).toMatch(shape.ORDER_SN.energy);
    expect(data).toMatchObject({ price: 50, fee: 0, amount: 3.25, balance: 496.75 });
    expect(sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(496_750_000n);
  });

  it('buy_net: NetOrderResponseData with a NET serial', async () => {
    const data = dataOf(await call('POST', '/buy_net', { form: { address: ADDRESS_A, count: '1500', period: '1day' } }), shape.timedReceipt);
    expect(data.order_sn).toMatch(shape.ORDER_SN.net);
    expect(data).toMatchObject({ price: 1000, fee: 0, amount: 1.5 });
  });

  it('query_result: the unfinished shape right after buying', async () => {
    const bought = await call('POST', '/buy_energy', { form: { address: ADDRESS_A, count: '65000', period: '1h' } });
    const sn = dataOf(bought, shape.timedReceipt).order_sn;
    const data = dataOf(await call('GET', '/query_result', { query: { order_sn: sn } }), shape.queryResultFailed);
    expect(data).toEqual({ order_sn: sn, amount: 3.25, price: 50, fee: 0, period: '1h', status: 'pending', orders: [] });
  });

  it('reclaim_energy: 200 with data null for a finished order', async () => {
    const fast = await startSimulator({ timing: { timedOrderMs: 0 } });
    try {
      const c = caller(fast.baseUrl);
      const bought = await c('POST', '/buy_energy', { form: { address: ADDRESS_A, count: '65000', period: '1h' } });
      const sn = dataOf(bought, shape.timedReceipt).order_sn;
      const out = await c('POST', '/reclaim_energy', { form: { order_sn: sn, address: ADDRESS_A } });
      expect(dataOf(out, z.null())).toBeNull();
    } finally {
      await fast.close();
    }
  });

  it.each([
    [{ type: 'energy', count: '65000', period: '1h' }, { price: 50, amount: '3.2500', fee: '0.0000' }],
    [{ type: 'energy', count: '65000', period: '15minutes' }, { price: 40, amount: '2.6000', fee: '0.0000' }],
    [{ type: 'energy', count: '100000', period: '1day' }, { price: 90, amount: '9.0000', fee: '0.0000' }],
    [{ type: 'energy', count: '100000', period: '3day' }, { price: 240, amount: '24.0000', fee: '0.0000' }],
    [{ type: 'energy', count: '30000', period: '1h' }, { price: 50, amount: '2.0000', fee: '0.5000' }],
    [{ type: 'energy', count: '30001', period: '1h' }, { price: 50, amount: '2.0001', fee: '0.5000' }],
    [{ type: 'net', count: '1000', period: '1day' }, { price: 1000, amount: '1.0000', fee: '0.0000' }],
    [{ type: 'net', count: '1000', period: '3day' }, { price: 2800, amount: '2.8000', fee: '0.0000' }],
    [{ type: 'net', count: '100', period: '1day' }, { price: 1000, amount: '0.3000', fee: '0.2000' }],
  ])('query_price %j → %j', async (query, expected) => {
    const data = dataOf(await call('GET', '/query_price', { query }), shape.resourcePrice);
    expect(data).toMatchObject(expected);
    expect(data.remark.length).toBeGreaterThan(0);
  });

  it.each([
    [{ resource_type: 'energy', count: '65000' }, { price: 60, amount: '3.9000', fee: '0.0000' }],
    [{ resource_type: 'net', count: '345' }, { price: 1000, amount: '0.3450', fee: '0.0000' }],
    [{ resource_type: 'energy', count: '1' }, { price: 60, amount: '0.0001', fee: '0.0000' }],
  ])('query_fast_recover_price (POST, query parameters) %j → %j', async (query, expected) => {
    expect(dataOf(await call('POST', '/query_fast_recover_price', { query }), shape.fastRecoverPrice)).toMatchObject(expected);
  });

  it('buy_fast_recover then query_fast_recover_order: waiting, price and amount as charged', async () => {
    const out = await call('POST', '/buy_fast_recover', { form: { address: ADDRESS_A, count: '65000', resource_type: 'energy' } });
    const { order_id } = dataOf(out, shape.fastRecoverReceipt);
    expect(sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(500_000_000n - 3_900_000n);
    const order = dataOf(await call('GET', '/query_fast_recover_order', { query: { order_id: String(order_id) } }), shape.fastRecoverOrder);
    expect(order).toEqual({
      order_id,
      address: ADDRESS_A,
      energy_count: 65000,
      price: 60,
      fee: 0,
      resource_type: 'energy',
      amount: 3.9,
      status: 'waiting',
      delegate_txid: null,
      reclaim_txid: null,
      actual_recover_count: null,
    });
  });

  it('get_smart_price: upper-case K at the top, lower-case k in the modes, strings by default', async () => {
    const data = dataOf(await call('GET', '/get_smart_price'), shape.smartPrice());
    expect(data['65K_price']).toBe('3.6000');
    expect(data['131K_price']).toBe('7.2000');
    expect(data.high_frequency).toEqual({
      '65k_price': '3.3000',
      '131k_price': '6.6000',
      deposit_period: '24',
      deposit_amount: '50.0000',
      min_energy_count: '5',
    });
  });

  it('get_smart_price: numbers in the modes when asked', async () => {
    const numeric = await startSimulator({ smartPriceNumbers: true });
    try {
      const data = dataOf(await caller(numeric.baseUrl)('GET', '/get_smart_price'), shape.smartPrice(z.number()));
      expect(data.jisu_frequency).toMatchObject({ deposit_amount: 100, min_energy_count: 10 });
    } finally {
      await numeric.close();
    }
  });

  it('gives each order a fresh serial and each fast order a fresh id', async () => {
    const form = { address: ADDRESS_A, count: '65000', period: '1h' };
    const sns = new Set<string>();
    for (let i = 0; i < 5; i++) sns.add(dataOf(await call('POST', '/buy_energy', { form }), shape.timedReceipt).order_sn);
    expect(sns.size).toBe(5);
    const ids = new Set<number>();
    for (let i = 0; i < 3; i++) {
      const out = await call('POST', '/buy_fast_recover', { form: { address: ADDRESS_A, count: '1000', resource_type: 'net' } });
      ids.add(dataOf(out, shape.fastRecoverReceipt).order_id);
    }
    expect(ids.size).toBe(3);
  });
});
