import { describe, expect, it } from 'vitest';
import { buildTrayModel, presetLabel, ruleLine, trayModelKey, walletLine, type TrayInput, type TrayMenuItem, type TrayWallet } from '../../../../src/core/app/tray/tray-model.ts';
import type { OrderView, PresetView } from '../../../../src/shared/views.ts';
import { VALID_ADDRESS as ADDRESS } from '../../../support/addresses.ts';

const NOW = 1_700_000_000_000;

const preset = (over: Partial<PresetView> = {}): PresetView => ({
  id: 'p1', name: 'p', kind: 'timed', resource: 'energy', period: '1h', count: 65000, address: ADDRESS, capSun: '5000000', busy: false, ...over,
});
const running = (over: Partial<OrderView> = {}): OrderView => ({
  localId: 'o1', kind: 'energy', address: ADDRESS, resource: 'energy', count: 65000, period: '1h', orderSn: 'EN1', orderId: null,
  quotedSun: null, chargedSun: null, createdAt: NOW, updatedAt: NOW, state: 'running', serverStatus: null, txIds: [], error: null,
  finishedAt: null, presetId: null, reclaimable: false, ...over,
});

const payroll = (over: Partial<TrayWallet> = {}): TrayWallet => ({
  id: 'w1', label: 'Payroll', availableEnergy: 12_400n, covered: 0n, low: true, topUp: { transfers: 3, costSun: 6_430_000n }, busy: false, ...over,
});

function input(over: Partial<TrayInput> = {}): TrayInput {
  return {
    mode: 'account',
    profileName: 'Main',
    balance: { trxSun: 1_234_567_800n, usdtMicros: 56_780_000n, updatedAt: NOW - 5_000 },
    lowBalanceThresholdSun: 10_000_000n,
    offline: false,
    paused: false,
    presets: [],
    quotes: new Map(),
    activeOrders: [],
    wallets: [],
    now: NOW,
    staleAfterMs: 150_000,
    ...over,
  };
}

const labels = (items: TrayMenuItem[]): string[] =>
  items.flatMap((i) => (i.type === 'separator' ? ['---'] : i.type === 'submenu' ? [i.label, ...labels(i.items).map((l) => `  ${l}`)] : [i.label]));

describe('tray model', () => {
  it('shows balances in the tooltip and as disabled rows', () => {
    const model = buildTrayModel(input());
    expect(model.tooltip).toBe('1,234.57 TRX · 56.78 USDT');
    expect(model.title).toBe('1,234.57 TRX');
    const rows = model.menu.filter((i) => i.type === 'item' && !i.enabled).map((i) => (i.type === 'item' ? i.label : ''));
    expect(rows).toEqual(['Main', '1,234.57 TRX', '56.78 USDT', 'updated just now']);
    expect(model.icon).toBe('normal');
  });

  it('says "updated … ago" in the tooltip when stale', () => {
    const model = buildTrayModel(input({ balance: { trxSun: 1n, usdtMicros: 0n, updatedAt: NOW - 120_000 }, staleAfterMs: 60_000 }));
    expect(model.tooltip).toBe('<\u00a00.01 TRX · 0.00 USDT\nupdated 2 min ago');
  });

  it('labels presets with what they do and the fresh quote', () => {
    expect(presetLabel(preset(), 3_250_000n)).toBe('65,000 energy (1 hr) → TJRa…Tv8  ≈ 3.25 TRX');
    expect(presetLabel(preset({ kind: 'fast_recover', period: null }), undefined)).toBe('65,000 energy fast recover → TJRa…Tv8');
    const model = buildTrayModel(input({ presets: [preset()], quotes: new Map([['p1', 3_250_000n]]) }));
    const topUp = model.menu.find((i) => i.type === 'submenu' && i.label === 'Top up');
    expect(topUp && topUp.type === 'submenu' ? topUp.items[0] : null).toEqual({
      type: 'item', label: '65,000 energy (1 hr) → TJRa…Tv8  ≈ 3.25 TRX', enabled: true, action: { kind: 'runPreset', presetId: 'p1' },
    });
  });

  it('disables a preset that is being bought and all presets while paused', () => {
    const busy = buildTrayModel(input({ presets: [preset({ busy: true })] }));
    const sub = busy.menu.find((i) => i.type === 'submenu');
    expect(sub?.type === 'submenu' && sub.items[0]?.type === 'item' && sub.items[0].enabled).toBe(false);
    const paused = buildTrayModel(input({ presets: [preset()], paused: true }));
    const sub2 = paused.menu.find((i) => i.type === 'submenu');
    expect(sub2?.type === 'submenu' && sub2.items[0]?.type === 'item' && sub2.items[0].enabled).toBe(false);
    expect(paused.menu.find((i) => i.type === 'checkbox')).toMatchObject({ checked: true, label: 'Pause polling' });
  });

  it('lists orders in progress with their status and shows the busy icon', () => {
    const model = buildTrayModel(input({ activeOrders: [running()] }));
    expect(labels(model.menu)).toContain('  65,000 energy → TJRa…Tv8: in progress');
    expect(model.icon).toBe('busy');
  });

  it('picks the low and offline icons', () => {
    expect(buildTrayModel(input({ balance: { trxSun: 9_999_999n, usdtMicros: 0n, updatedAt: NOW } })).icon).toBe('low');
    const offline = buildTrayModel(input({ offline: true }));
    expect(offline.icon).toBe('offline');
    expect(labels(offline.menu)).toContain('Service unreachable — last read just now, not current');
  });

  it('says "not current" in the tooltip and the menu while the service does not answer, however recent the last read', () => {
    const offline = buildTrayModel(input({ offline: true }));
    expect(offline.tooltip).toBe('1,234.57 TRX · 56.78 USDT\nlast read just now — not current');
    expect(offline.tooltip).not.toContain('updated');
    expect(labels(offline.menu).some((l) => l.includes('updated'))).toBe(false);
    const ru = buildTrayModel(input({ offline: true, language: 'ru' }));
    expect(ru.tooltip.split('\n')[1]).toMatch(/^последнее чтение .+ — неактуально$/);
    // Answering again: back to the usual words.
    expect(buildTrayModel(input({ offline: false })).tooltip).not.toContain('not current');
  });

  it('shows one line per watched wallet with its top-up, and the low icon when one cannot pay for a transfer', () => {
    const model = buildTrayModel(input({ wallets: [payroll(), payroll({ id: 'w2', label: 'Shop', availableEnergy: 200_000n, covered: 1n, low: false, topUp: null })] }));
    const rows = labels(model.menu);
    const at = rows.indexOf('Payroll · 12,400 energy · 0 transfers');
    expect(rows.slice(at, at + 3)).toEqual(['Payroll · 12,400 energy · 0 transfers', 'Top up for 3 transfers (≈ 6.43 TRX)', 'Shop · 200,000 energy · 1 transfer']);
    expect(model.menu.find((i) => i.type === 'item' && i.label.startsWith('Top up for'))).toMatchObject({ enabled: true, action: { kind: 'topUpWallet', walletId: 'w1' } });
    expect(model.icon).toBe('low');
    expect(model.tooltip).toBe('1,234.57 TRX · 56.78 USDT\nPayroll: not enough energy for a transfer');
    expect(buildTrayModel(input({ wallets: [payroll({ low: false })] })).icon).toBe('normal');
    // Busy and offline say more than low.
    expect(buildTrayModel(input({ wallets: [payroll()], activeOrders: [running()] })).icon).toBe('busy');
  });

  it('offers a top-up only once it is quoted, not while buying or paused, and says when a wallet was not read yet', () => {
    const item = (w: TrayWallet, paused = false) => buildTrayModel(input({ wallets: [w], paused })).menu.find((i) => i.type === 'item' && i.label.startsWith('Top up for'));
    expect(item(payroll({ topUp: { transfers: 1, costSun: null } }))).toMatchObject({ label: 'Top up for 1 transfer (quoting…)', enabled: false });
    expect(item(payroll({ busy: true }))).toMatchObject({ label: 'Top up for 3 transfers (buying…)', enabled: false });
    expect(item(payroll(), true)).toMatchObject({ enabled: false });
    expect(walletLine(payroll({ availableEnergy: null, covered: null }))).toBe('Payroll · reading…');
  });

  it('always offers everything from the menu (Linux sends no clicks)', () => {
    const all = labels(buildTrayModel(input({ presets: [preset()] })).menu);
    for (const label of ['Refresh now', 'Open dashboard', 'Settings', 'Pause polling', 'Quit Energy Tray']) expect(all).toContain(label);
  });

  it('marks demo mode in the tooltip and the menu', () => {
    const model = buildTrayModel(input({ mode: 'demo' }));
    expect(model.tooltip.startsWith('Demo — no real funds\n')).toBe(true);
    expect(labels(model.menu)[0]).toBe('Demo — no real funds');
  });

  it('has a welcome menu when not connected', () => {
    const model = buildTrayModel(input({ mode: 'welcome', balance: null }));
    expect(model.tooltip).toBe('Energy Tray — not connected');
    expect(labels(model.menu)).toEqual(['Not connected', '---', 'Open dashboard', 'Settings', '---', 'Quit Energy Tray']);
  });

  it('keeps the same key when nothing visible changed, and a new one when it did', () => {
    const a = trayModelKey(buildTrayModel(input()));
    expect(trayModelKey(buildTrayModel(input({ now: NOW + 1_000 })))).toBe(a);
    expect(trayModelKey(buildTrayModel(input({ balance: { trxSun: 1n, usdtMicros: 0n, updatedAt: NOW } })))).not.toBe(a);
  });
});

describe('auto top-up in the tray (issue 15)', () => {
  const rule = { id: 'r1', name: 'Payroll', state: 'on' as const, ordersToday: 2, spentTodaySun: 6_500_000n, dailyCapSun: 20_000_000n };
  const label = 'Payroll: Auto top-up on · 2 today · 6.50 / 20.00 TRX';

  it('words a rule’s line from its figures', () => expect(ruleLine(rule)).toBe(label));

  it('shows one line per rule and "Pause all auto top-ups", and nothing without rules', () => {
    const menu = buildTrayModel(input({ rules: [rule], rulesPaused: false })).menu;
    const items = labels(menu);
    const at = items.indexOf(label);
    expect(at).toBeGreaterThan(-1);
    expect(items[at + 1]).toBe('Pause all auto top-ups');
    expect(menu.find((i) => i.type === 'item' && i.label === label)).toMatchObject({ enabled: false });
    expect(menu.find((i) => i.type === 'item' && i.label === 'Pause all auto top-ups')).toMatchObject({ enabled: true, action: { kind: 'pauseAutoTopUps' } });
    expect(labels(buildTrayModel(input({ rules: [] })).menu).some((l) => /auto top-up/i.test(l))).toBe(false);
    expect(labels(buildTrayModel(input()).menu).some((l) => /auto top-up/i.test(l))).toBe(false);
  });

  it('says the rule line and the switch in the app’s language, amounts by the one money rule', () => {
    const ru = labels(buildTrayModel(input({ rules: [{ ...rule, spentTodaySun: 1_234_500_001n }], language: 'ru' })).menu).map((l) => l.replace(/[\u00a0\u202f]/g, ' '));
    expect(ru).toContain('Payroll: автопополнение включено · сегодня 2 · 1 234,50 / 20,00 TRX');
    expect(ru).toContain('Приостановить все автопополнения');
    const zh = labels(buildTrayModel(input({ rules: [rule], rulesPaused: true, language: 'zh-CN' })).menu);
    expect(zh).toEqual(expect.arrayContaining(['Payroll：自动补充已开启 · 今日 2 次 · 6.50 / 20.00 TRX', '恢复自动补充…']));
  });

  it('offers to resume when all are paused (main asks before it resumes), and the line follows the state', () => {
    const paused = { ...rule, state: 'paused' as const };
    const pausedLabel = 'Payroll: Auto top-up paused · 2 today · 6.50 / 20.00 TRX';
    const menu = buildTrayModel(input({ rules: [paused], rulesPaused: true })).menu;
    expect(labels(menu)).toContain(pausedLabel);
    expect(menu.find((i) => i.type === 'item' && i.label === 'Resume auto top-ups…')).toMatchObject({ action: { kind: 'resumeAutoTopUps' } });
    expect(labels(menu)).not.toContain('Pause all auto top-ups');
    expect(trayModelKey(buildTrayModel(input({ rules: [rule] })))).not.toBe(trayModelKey(buildTrayModel(input({ rules: [paused], rulesPaused: true }))));
  });
});

describe('the tray in the app’s language', () => {
  const busy = input({
    balance: { trxSun: 1_234_567_891_234n, usdtMicros: 56_780_000n, updatedAt: NOW - 600_000 },
    presets: [preset()],
    quotes: new Map([['p1', 3_250_000n]]),
    activeOrders: [running()],
    wallets: [payroll()],
  });
  const flat = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

  it('ru: menu, tooltip and numbers in Russian, amounts by the one money rule, plural forms by Russian rules', () => {
    const model = buildTrayModel({ ...busy, language: 'ru' });
    expect(labels(model.menu).map(flat)).toEqual([
      'Main',
      '1 234 567,89 TRX',
      '56,78 USDT',
      'обновлено 10 мин. назад',
      '---',
      'Payroll · 12 400 энергии · 0 переводов',
      'Пополнить на 3 перевода (≈ 6,43 TRX)',
      '---',
      'Пополнить',
      '  65 000 энергии (1 ч) → TJRa…Tv8  ≈ 3,25 TRX',
      'Выполняющиеся заказы (1)',
      '  65 000 энергии → TJRa…Tv8: выполняется',
      'Обновить сейчас',
      '---',
      'Открыть панель управления',
      'Настройки',
      'Приостановить опрос',
      '---',
      'Выйти из Energy Tray',
    ]);
    expect(flat(model.tooltip)).toBe('1 234 567,89 TRX · 56,78 USDT\nобновлено 10 мин. назад\nPayroll: энергии не хватит на перевод');
    expect(walletLine(payroll({ covered: 1n }), undefined)).toBe('Payroll · 12,400 energy · 1 transfer');
  });

  it('zh-CN: the same menu in Chinese; English stays the default', () => {
    const model = buildTrayModel({ ...busy, language: 'zh-CN', offline: true });
    expect(labels(model.menu)).toEqual(
      expect.arrayContaining(['服务无法访问 — 最后读取于10分钟前，不是最新', 'Payroll · 12,400 能量 · 0 笔转账', '为 3 笔转账补充（≈ 6.43 TRX）', '  65,000 能量（1小时） → TJRa…Tv8  ≈ 3.25 TRX', '退出 Energy Tray']),
    );
    expect(buildTrayModel({ ...busy, language: 'zh-CN', mode: 'demo' }).tooltip.startsWith('演示 — 非真实资金\n')).toBe(true);
    expect(labels(buildTrayModel(busy).menu)).toContain('Quit Energy Tray');
  });
});
