import { words } from '../../src/core/rules/decision-words.ts';
import { englishText } from '../../src/shared/i18n/english-message.ts';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderJournal } from '../../src/core/orders/order-journal.ts';
import { StoredDecisionLog } from '../../src/core/rules/stored-decision-log.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { fixedClock } from '../core/orders/journal-helpers.ts';
import { runCli, tempUserData } from './run-cli.ts';

/** `rules` lists the profile's auto top-up rules; `history` names the rule and the decision behind each order a rule placed. */
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const profileId = randomUUID();
let userData: { dir: string; remove(): Promise<void> };
let placed = '';

beforeAll(async () => {
  userData = await tempUserData();
  const rule = {
    id: 'rule-1', profileId, address: ADDRESS, name: 'Keep Payroll ready', enabled: true, keepTransfers: 1, topUpTransfers: 2,
    option: 'timed', period: '1h', dailyCapSun: '20000000', maxOrdersPerDay: 3, createdAt: 0, unknownCheckedAt: 0,
  };
  await new SettingsStore({ dir: userData.dir }).update((s) => ({
    ...s,
    profiles: [{ id: profileId, name: 'Main', baseUrl: 'https://api.example.com/v2', keyHint: 'abcd', lastVerifiedAt: null }],
    activeProfileId: profileId,
    rules: [rule],
  }));
  const clock = fixedClock(Date.now());
  const journal = await OrderJournal.open(join(userData.dir, 'profiles', profileId), clock);
  const order = await journal.recordIntent({ kind: 'energy', profileId, address: ADDRESS, resource: 'energy', count: 65_000, period: '1h', quotedSun: 3_250_000n, ruleId: 'rule-1' });
  await journal.recordSubmitted(order.localId, { orderSn: 'EN1', chargedSun: 3_250_000n });
  placed = order.localId;
  const offer = { option: 'timed' as const, period: '1h', count: 65_000, quotedSun: 3_250_000n };
  const text = words.buy(offer, { available: 12_400n, covered: 0n, keep: 1 });
  new StoredDecisionLog(journal.rules).record({
    at: clock.now(), ruleId: 'rule-1', address: ADDRESS, kind: 'buy', reason: 'below_keep', text, detail: englishText(text), orderLocalId: order.localId, ...offer,
  });
  journal.close();
});

afterAll(async () => {
  await userData.remove();
});

describe('energy-tray rules and history for auto top-up', () => {
  it('lists the rules with today’s orders and spend and the last decision, as a table and as JSON', async () => {
    const text = await runCli(['rules'], { env: { ENERGY_TRAY_USER_DATA: userData.dir } });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Keep Payroll ready');
    expect(text.stdout).toContain('1/3');
    expect(text.stdout).toContain('3.25 TRX / 20.00 TRX');
    const json = await runCli(['rules', '--json'], { env: { ENERGY_TRAY_USER_DATA: userData.dir } });
    expect(JSON.parse(json.stdout)).toMatchObject({ pausedAll: false, rules: [{ id: 'rule-1', state: 'on', ordersToday: 1, spentTodaySun: '3250000', dailyCapSun: '20000000', lastDecision: { kind: 'buy', orderLocalId: placed } }] });
  });

  it('history says which rule placed an order and why', async () => {
    const text = await runCli(['history'], { env: { ENERGY_TRAY_USER_DATA: userData.dir } });
    expect(text.stdout).toContain(`auto top-up “Keep Payroll ready” placed ${placed}: Ordered 65,000 energy for 1 hr`);
    const json = await runCli(['history', '--json'], { env: { ENERGY_TRAY_USER_DATA: userData.dir } });
    // --json keeps the record's English detail, as before the catalogues.
    expect(JSON.parse(json.stdout)[0]).toMatchObject({
      autoTopUp: { ruleId: 'rule-1', rule: 'Keep Payroll ready', detail: 'Ordered 65,000 energy for 1 hr, quoted 3.25 TRX: 12,400 energy covers 0 transfers; the rule keeps 1.' },
    });
  });

  it('says the decision in the chosen language', async () => {
    const ru = await runCli(['history', '--lang', 'ru'], { env: { ENERGY_TRAY_USER_DATA: userData.dir } });
    expect(ru.stdout).toContain('Заказано: 65\u00a0000 энергии на 1 ч, по котировке 3,25 TRX: 12\u00a0400 энергии хватает на 0 переводов; правило держит 1.');
    const zh = await runCli(['rules', '--lang', 'zh-CN'], { env: { ENERGY_TRAY_USER_DATA: userData.dir } });
    expect(zh.stdout).toContain('已下单：65,000 能量，租用 1小时，报价 3.25 TRX：12,400 能量够 0 笔转账；规则保持 1 笔。');
  });
});
