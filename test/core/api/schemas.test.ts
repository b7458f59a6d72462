import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonBody } from '../../../src/core/base/http/json-number.ts';
import {
  envelopeSchema,
  fastRecoverOrderSchema,
  fastRecoverPriceSchema,
  fastRecoverReceiptSchema,
  resourcePriceSchema,
  smartPriceSchema,
  timedOrderReceiptSchema,
  timedOrderResultSchema,
  userInfoSchema,
} from '../../../src/core/api/schemas.ts';
import {
  energySmartDataSchema,
  energySmartQueryResponseDataSchema,
  energyTimesQueryResponseDataSchema,
  premiumOrderRequestSchema,
  premiumQueryResultDataSchema,
  starOrderRequestSchema,
  starOrderResponseDataSchema,
  statisticsSmartDataSchema,
  statisticsTimesDataSchema,
  timesPriceDataSchema,
} from '../../../src/core/api/schemas-unlisted.ts';

/** Parses JSON text the way the client does, numbers keeping their source. */
const exact = (text: string): unknown => parseJsonBody(text).exact;

describe('response schemas (spec section 2)', () => {
  it('converts float TRX amounts from their source text, digit for digit', () => {
    const text = '{"order_sn":"EN1","price":55.5,"fee":0.1000005,"amount":12.345678,"balance":123456789.123456}';
    expect(timedOrderReceiptSchema.parse(exact(text))).toEqual({
      orderSn: 'EN1',
      unitPrice: '55.5',
      feeSun: 100_001n,
      amountSun: 12_345_678n,
      balanceSun: 123_456_789_123_456n,
    });
  });

  it('keeps any 6-decimal amount exact through JSON text (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (sun) => {
        const trx = `${sun / 1_000_000n}.${(sun % 1_000_000n).toString().padStart(6, '0')}`;
        const parsed = timedOrderReceiptSchema.parse(exact(`{"order_sn":"EN1","amount":${trx}}`));
        expect(parsed.amountSun).toBe(sun);
      }),
    );
  });

  it('accepts nullable and absent optional fields as null', () => {
    expect(timedOrderReceiptSchema.parse(exact('{"order_sn":"NET1","price":null}'))).toEqual({
      orderSn: 'NET1',
      unitPrice: null,
      feeSun: null,
      amountSun: null,
      balanceSun: null,
    });
  });

  it('parses the user info strings, formatted with separators', () => {
    expect(userInfoSchema.parse({ balance_trx: '1,234.5678', balance_usdt: '10.000001' })).toEqual({
      trxSun: 1_234_567_800n,
      usdtMicros: 10_000_001n,
    });
  });

  it('strips unknown fields and rejects missing required ones', () => {
    expect(resourcePriceSchema.parse({ price: 60, amount: '3.9', fee: '0', remark: '', extra: true })).toEqual({
      unitPriceSun: 60n,
      amountSun: 3_900_000n,
      feeSun: 0n,
      remark: '',
    });
    expect(resourcePriceSchema.safeParse({ price: 60, amount: '3.9', fee: '0' }).success).toBe(false);
    expect(resourcePriceSchema.safeParse({ price: 60.5, amount: '3.9', fee: '0', remark: '' }).success).toBe(false);
    expect(userInfoSchema.safeParse({ balance_trx: 'lots', balance_usdt: '1' }).success).toBe(false);
  });

  it('takes FastRecoverPriceData with or without remark', () => {
    expect(fastRecoverPriceSchema.parse({ price: 40, amount: '2.6', fee: '0.5' }).remark).toBeNull();
    expect(fastRecoverPriceSchema.parse({ price: 40, amount: '2.6', fee: '0.5', remark: 'r' }).remark).toBe('r');
  });

  it('takes the buy_fast_recover receipt with or without order_id, and a null data', () => {
    expect(fastRecoverReceiptSchema.parse({ order_id: 7 })).toEqual({ orderId: 7 });
    expect(fastRecoverReceiptSchema.parse({})).toEqual({ orderId: null });
    expect(fastRecoverReceiptSchema.parse(null)).toEqual({ orderId: null });
  });

  describe('query_result', () => {
    const base = { order_sn: 'EN1', amount: 3.9, price: 60, fee: 0, status: '1' };

    it('accepts the success shape with sub-orders', () => {
      const parsed = timedOrderResultSchema.parse({
        ...base,
        period: '1h',
        orders: [{ from_address: 'TX', tx_id: null, count: 30000 }],
      });
      expect(parsed.orders).toEqual([{ fromAddress: 'TX', txId: null, count: 30000 }]);
      expect(parsed.period).toBe('1h');
      expect(parsed.amountSun).toBe(3_900_000n);
    });

    it('accepts the failed/unfinished shape with empty orders and a null period', () => {
      const parsed = timedOrderResultSchema.parse({ ...base, period: null, orders: [] });
      expect(parsed.orders).toEqual([]);
      expect(parsed.period).toBeNull();
    });

    it('rejects sub-orders without a period, and a missing orders array', () => {
      const orders = [{ from_address: 'TX', count: 1 }];
      expect(timedOrderResultSchema.safeParse({ ...base, period: null, orders }).success).toBe(false);
      expect(timedOrderResultSchema.safeParse({ ...base, period: '1h' }).success).toBe(false);
    });
  });

  it('checks fast recover order enums', () => {
    const order = {
      order_id: 1,
      address: 'TX',
      energy_count: 65000,
      resource_type: 'energy',
      status: 'waiting',
    };
    const parsed = fastRecoverOrderSchema.parse(order);
    expect(parsed).toMatchObject({ orderId: 1, status: 'waiting', delegateTxid: null, actualRecoverCount: null });
    expect(fastRecoverOrderSchema.safeParse({ ...order, status: 'done' }).success).toBe(false);
    expect(fastRecoverOrderSchema.safeParse({ ...order, resource_type: 'cpu' }).success).toBe(false);
  });

  it('reads smart prices: 65K/131K on top, 65k/131k in modes, numbers where strings are declared', () => {
    const parsed = smartPriceSchema.parse(
      exact(
        JSON.stringify({
          '65K_price': '3.5',
          '131K_price': '6.8',
          remark: null,
          high_frequency: {
            '65k_price': '3.2',
            '131k_price': null,
            deposit_period: '24',
            deposit_amount: 100,
            min_energy_count: 10,
          },
          jisu_frequency: null,
        }),
      ),
    );
    expect(parsed).toEqual({
      price65kSun: 3_500_000n,
      price131kSun: 6_800_000n,
      remark: null,
      high: {
        price65kSun: 3_200_000n,
        price131kSun: null,
        depositPeriodHours: '24',
        depositAmountSun: 100_000_000n,
        minEnergyCount: '10',
      },
      jisu: null,
      guangsu: null,
    });
    expect(smartPriceSchema.safeParse({ '65k_price': '3.5', '131k_price': '6.8' }).success).toBe(false);
  });

  it('validates the envelope: code, msg and time required', () => {
    expect(envelopeSchema.parse(exact('{"code":1,"msg":"ok","time":"1700000000","data":null}'))).toMatchObject({
      code: 1,
      time: '1700000000',
    });
    expect(envelopeSchema.safeParse(exact('{"msg":"ok","time":"1"}')).success).toBe(false);
    expect(envelopeSchema.safeParse(exact('{"code":1,"time":"1"}')).success).toBe(false);
    expect(envelopeSchema.safeParse(exact('{"code":1.5,"msg":"","time":"1"}')).success).toBe(false);
  });
});

describe('shapes whose endpoints are not shown', () => {
  it('smart delegation address data, paged query and statistics', () => {
    expect(energySmartDataSchema.parse({ address: 'TX', balance: '12.5', status: 'start' }).balance).toBe(12_500_000n);
    expect(energySmartDataSchema.safeParse({ address: 'TX', balance: '1', status: 'paused' }).success).toBe(false);
    const page = energySmartQueryResponseDataSchema.parse({
      address: 'TX',
      balance: '1',
      status: 'stop',
      order_count: 1,
      page_size: 10,
      page: 1,
      orders: [{ energy_type: '65k', amount: 3.2, used_energy: null }],
    });
    expect(page.orders[0]?.amount).toBe(3_200_000n);
    expect(page.orders[0]?.status).toBeNull();
    const detail = { '65k': 1, '131k': 2 };
    const stats = { days: { '2024-01-01': detail }, today: detail, yesterday: detail, this_week: detail, this_month: detail };
    expect(statisticsSmartDataSchema.safeParse(stats).success).toBe(true);
    expect(statisticsSmartDataSchema.safeParse({ ...stats, days: { yesterday: detail } }).success).toBe(false);
  });

  it('usage-count price, paged query and statistics', () => {
    expect(timesPriceDataSchema.parse({ price: '2.1' })).toEqual({ price: 2_100_000n, remark: null });
    const query = { address: 'TX', remain_times: 3, status: 'start', order_count: 0, page_size: 10, page: 1, orders: [{}] };
    expect(energyTimesQueryResponseDataSchema.parse(query).orders[0]?.remain_times).toBeNull();
    expect(energyTimesQueryResponseDataSchema.safeParse({ ...query, remain_times: undefined }).success).toBe(false);
    const stats = { days: { '2024-01-01': 3 }, today: 1, yesterday: 2, this_week: 3, this_month: 4 };
    expect(statisticsTimesDataSchema.safeParse(stats).success).toBe(true);
  });

  it('premium and stars requests and responses', () => {
    expect(premiumOrderRequestSchema.safeParse({ username: 'alice', month: 6 }).success).toBe(true);
    expect(premiumOrderRequestSchema.safeParse({ username: 'alice', month: 4 }).success).toBe(false);
    expect(premiumOrderRequestSchema.safeParse({ username: '@alice', month: 3 }).success).toBe(false);
    expect(starOrderRequestSchema.safeParse({ username: 'bob', count: 50 }).success).toBe(true);
    expect(starOrderRequestSchema.safeParse({ username: 'bob', count: 10_001 }).success).toBe(false);
    const star = { username: 'bob', count: 100, order_id: 9, amount: 1.5, price: 0.015, pay_status: 'paid', status: 'ok' };
    expect(starOrderResponseDataSchema.parse(star)).toMatchObject({ amount: 1_500_000n, price: '0.015' });
    const query = { order_id: 9, amount: 1.5, price: 1.5, pay_status: 'paid', status: 'done' };
    expect(premiumQueryResultDataSchema.parse(query)).toMatchObject({ username: null, period: null, create_time: null });
    expect(premiumQueryResultDataSchema.safeParse({ ...query, order_id: undefined }).success).toBe(false);
  });
});
