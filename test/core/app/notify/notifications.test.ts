import { englishText } from '../../../../src/shared/i18n/english-message.ts';
import { msg } from '../../../../src/shared/i18n/message.ts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/core/app/app-error.ts';
import { clockOffsetNotice } from '../../../../src/core/api/clock-skew.ts';
import { Notifications } from '../../../../src/core/app/notify/notifications.ts';
import { notificationFor } from '../../../../src/core/app/notify/order-notification.ts';
import { UNEXPECTED_ERROR } from '../../../../src/core/base/domain-error.ts';
import { TypedEmitter } from '../../../../src/core/base/typed-emitter.ts';
import type { OrderEvents } from '../../../../src/core/orders/order-events.ts';
import type { TrackedOrder } from '../../../../src/core/orders/order-types.ts';
import { VALID_ADDRESS } from '../../../support/addresses.ts';

const order: TrackedOrder = {
  localId: 'o1',
  kind: 'energy',
  profileId: 'p',
  address: VALID_ADDRESS,
  resource: 'energy',
  count: 65_000,
  period: '1h',
  orderSn: 'EN1',
  orderId: null,
  quotedSun: 3_250_000n,
  chargedSun: 3_250_000n,
  createdAt: 1,
  updatedAt: 2,
  lastPolledAt: 2,
  attempts: 1,
  state: 'succeeded',
  serverStatus: 'success',
  txIds: [],
  error: null,
  finishedAt: 2,
  notifiedAt: 2,
  presetId: null,
};

function recording() {
  const shown: Array<{ title: string; body: string; localId?: string }> = [];
  return { shown, notifications: new Notifications({ show: (n) => shown.push(n) }) };
}

describe('every native notification and its words (Notifications)', () => {
  it('words a finished order the way order-notification.ts does, with the order to open on click', () => {
    const { shown, notifications } = recording();
    notifications.orderFinished(order);
    const expected = notificationFor(order);
    expect(shown).toEqual([{ title: expected.title, body: expected.body, localId: 'o1' }]);
    expect(shown[0]?.title).toBe('Energy order succeeded');
  });

  it('says how low the balance is against the threshold', () => {
    const { shown, notifications } = recording();
    notifications.lowBalance(5_000_000n, 10_000_000n);
    expect(shown).toEqual([{ title: 'Low TRX balance', body: 'Your balance is 5.00 TRX, below your threshold of 10.00 TRX.' }]);
  });

  it('says why a preset was not bought, in generic words when the error is a bug', () => {
    const { shown, notifications } = recording();
    notifications.presetNotBought('Daily', new AppError('refused', msg('errors:app.presetBusy', { name: { name: 'Daily' } })));
    notifications.presetNotBought('Daily', new Error('EACCES: /home/someone/.config/x'));
    expect(shown).toEqual([
      { title: 'Top-up not bought: “\u2068Daily\u2069”', body: '“\u2068Daily\u2069” is already being bought.' },
      { title: 'Top-up not bought: “\u2068Daily\u2069”', body: englishText(UNEXPECTED_ERROR) },
    ]);
  });

  it('follows a session only while it is the live one', () => {
    const { shown, notifications } = recording();
    const events = new TypedEmitter<OrderEvents>();
    let live = true;
    notifications.attach(events, () => live);
    events.emit('lowBalance', { trxSun: 1n, thresholdSun: 2n });
    live = false;
    events.emit('lowBalance', { trxSun: 1n, thresholdSun: 2n });
    events.emit('orderFinished', order);
    expect(shown).toHaveLength(1);
  });
});

describe('notifications in the app’s language', () => {
  it('asks for the language at each notification, so a change in Settings applies to the next one', () => {
    const shown: Array<{ title: string; body: string }> = [];
    let language: 'en' | 'ru' | 'zh-CN' = 'ru';
    const notifications = new Notifications({ show: (n) => shown.push(n) }, () => language);
    notifications.lowBalance(5_500_000n, 10_000_000n);
    language = 'zh-CN';
    notifications.presetNotBought('Payroll', new Error('boom'));
    language = 'en';
    notifications.lowBalance(5_500_000n, 10_000_000n);
    expect(shown.map((n) => n.title)).toEqual(['Мало TRX на балансе', '未购买补充：“\u2068Payroll\u2069”', 'Low TRX balance']);
    expect(shown[0]?.body.replace(/[\u00a0\u202f]/g, ' ')).toBe('Ваш баланс 5,50 TRX — ниже вашего порога 10,00 TRX.');
  });

  it('names a clock offset in the language, English as clock-skew.ts words it', () => {
    const shown: Array<{ title: string; body: string }> = [];
    let language: 'en' | 'ru' | 'zh-CN' = 'en';
    const notifications = new Notifications({ show: (n) => shown.push(n) }, () => language);
    notifications.clockOffset(34_200);
    language = 'ru';
    notifications.clockOffset(-(5 * 86_400 + 3_600 + 60));
    language = 'zh-CN';
    notifications.clockOffset(20);
    expect(shown[0]?.body).toBe(englishText(clockOffsetNotice(34_200)));
    expect(shown[1]).toMatchObject({ title: 'Часы компьютера идут неверно' });
    expect(shown[1]?.body).toMatch(/^Часы этого компьютера спешат относительно часов сервиса на 5 дней 1 ч 1 мин\. /);
    expect(shown[2]?.body).toMatch(/^这台电脑的时钟比服务的慢 20 秒。/);
  });
});
