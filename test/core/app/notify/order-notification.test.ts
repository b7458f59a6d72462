import { describe, expect, it } from 'vitest';
import { notificationFor, shortenAddress } from '../../../../src/core/app/notify/order-notification.ts';
import type { TrackedOrder } from '../../../../src/core/orders/order-types.ts';

const base: TrackedOrder = {
  localId: 'id-1',
  kind: 'energy',
  profileId: 'p',
  address: 'TXyzAbCdEfGhJkLmNoPqRsTuVwXy9Ab',
  resource: 'energy',
  count: 65_000,
  period: '1h',
  orderSn: 'EN1700000000123',
  orderId: null,
  quotedSun: 3_000_000n,
  chargedSun: 2_750_000n,
  createdAt: 0,
  updatedAt: 0,
  lastPolledAt: null,
  attempts: 0,
  state: 'succeeded',
  serverStatus: 'success',
  txIds: ['abcdef0123456789'.repeat(4)],
  error: null,
  finishedAt: 0,
  notifiedAt: null,
  presetId: null,
};

describe('notificationFor', () => {
  it('shortens addresses like TXyz…9Ab', () => {
    expect(shortenAddress(base.address)).toBe('TXyz…9Ab');
  });

  it('puts what, where, cost and tx id in title and body', () => {
    const n = notificationFor(base);
    expect(n).toEqual({
      localId: 'id-1',
      state: 'succeeded',
      title: 'Energy order succeeded',
      body: 'Energy order 65,000 energy for 1 hr to TXyz…9Ab · cost 2.75 TRX · tx abcdef01…6789',
    });
  });

  it('says a refused order was not charged and why', () => {
    const n = notificationFor({ ...base, kind: 'fast_recover', resource: 'net', orderSn: null, chargedSun: null, state: 'failed', txIds: [], error: 'Insufficient balance' });
    expect(n.title).toBe('Bandwidth top-up failed');
    expect(n.body).toBe('Bandwidth top-up 65,000 bandwidth to TXyz…9Ab · nothing was charged\nInsufficient balance');
  });

  it('tells to check the console for stalled and unknown outcomes', () => {
    expect(notificationFor({ ...base, state: 'stalled', txIds: [] }).title).toBe('Energy order: stalled — check the service console');
    const unknown = notificationFor({ ...base, state: 'outcome_unknown', chargedSun: null, orderSn: null, txIds: [] });
    expect(unknown.title).toBe('Energy order: outcome unknown — check the service console');
    expect(unknown.body).toContain('quoted 3.00 TRX');
  });
});

describe('notificationFor in the app’s language', () => {
  it('ru and zh-CN: title and facts translated, numbers in the language’s notation, ids unchanged', () => {
    const ru = notificationFor({ ...base, chargedSun: 1_234_567_891_234n }, 'ru');
    expect(ru.title).toBe('Заказ энергии: выполнен');
    expect(ru.body.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      `Заказ энергии 65 000 энергии на 1 ч для ${shortenAddress(base.address)} · стоимость 1 234 567,89 TRX · транзакция abcdef01…6789`,
    );
    const zh = notificationFor({ ...base, state: 'outcome_unknown' }, 'zh-CN');
    expect(zh.title).toBe('能量订单：结果未知——请查看服务控制台');
    expect(zh.body).toContain('费用 2.75 TRX');
    expect(notificationFor(base).title).toBe('Energy order succeeded');
  });
});
