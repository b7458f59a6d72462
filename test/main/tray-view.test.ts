import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, electronState, resetElectronState } from '../support/fake-electron.ts';
import { buildTrayModel, type TrayAction, type TrayInput } from '../../src/core/app/tray/tray-model.ts';
import { translator } from '../../src/shared/i18n/i18n.ts';

vi.mock('electron', () => fakeElectron);
const { TrayView, toMenuTemplate } = await import('../../src/main/tray-view.ts');

const base: TrayInput = {
  mode: 'account', profileName: 'Main', balance: { trxSun: 5_000_000n, usdtMicros: 0n, updatedAt: 0 }, lowBalanceThresholdSun: 0n,
  offline: false, paused: false, presets: [], quotes: new Map(), activeOrders: [], wallets: [], now: 0, staleAfterMs: 60_000,
};

describe('tray view (glue)', () => {
  beforeEach(resetElectronState);

  it('hands Linux a new menu only when the model changed', () => {
    const view = new TrayView('/res', () => undefined, () => undefined);
    const tray = electronState.trays[0]!;
    // Before the core's first model: a menu that can still open the dashboard and quit.
    expect(tray.menus).toHaveLength(1);
    const fallback = (tray.menus[0] as { template: Array<{ label?: string }> }).template.map((i) => i.label);
    expect(fallback).toEqual(['Open dashboard', 'Quit Energy Tray']);
    expect(view.render(buildTrayModel(base))).toBe(true);
    expect(view.render(buildTrayModel({ ...base, now: 1_000 }))).toBe(false);
    expect(tray.menus).toHaveLength(2);
    expect(view.render(buildTrayModel({ ...base, balance: { trxSun: 1n, usdtMicros: 0n, updatedAt: 0 } }))).toBe(true);
    expect(tray.menus).toHaveLength(3);
    expect(tray.tooltip).toContain('0.01 TRX');
  });

  it('words the menu before the core’s first model in the language it is given (the system’s)', () => {
    new TrayView('/res', () => undefined, () => undefined, 'ru');
    const fallback = (electronState.trays[0]!.menus[0] as { template: Array<{ label?: string }> }).template.map((i) => i.label);
    expect(fallback).toEqual([translator('ru', 'tray')('openDashboard'), translator('ru', 'tray')('quit')]);
    expect(fallback.join(' ')).not.toMatch(/[A-Za-z]{3,} [a-z]{3,}/);
  });

  it('switches the icon image with the state', () => {
    const view = new TrayView('/res', () => undefined, () => undefined);
    const tray = electronState.trays[0]!;
    view.render(buildTrayModel({ ...base, offline: true }));
    expect((tray.image as { path: string }).path).toMatch(/tray-offline(Template)?\.png$/);
  });

  it('routes clicks of menu items to actions', () => {
    const actions: TrayAction[] = [];
    const template = toMenuTemplate(buildTrayModel(base).menu, (a) => actions.push(a));
    const refresh = template.find((i) => i.label === 'Refresh now');
    refresh?.click?.(undefined as never, undefined, undefined as never);
    const quit = template.find((i) => i.label === 'Quit Energy Tray');
    quit?.click?.(undefined as never, undefined, undefined as never);
    expect(actions).toEqual([{ kind: 'refresh' }, { kind: 'quit' }]);
    expect(template.filter((i) => i.enabled === false).map((i) => i.label)).toContain('5.00 TRX');
  });
});

describe('tray view: the icon itself (glue)', () => {
  beforeEach(resetElectronState);

  it('starts with the normal icon from the resources folder and the app’s name as tooltip', () => {
    new TrayView('/res', () => undefined, () => undefined);
    const tray = electronState.trays[0]!;
    expect((tray.image as { path: string }).path).toMatch(/^\/res\/tray(Template)?\.png$/);
    expect(tray.tooltip).toBe('Energy Tray');
  });

  it('a click on the icon calls the click handler; bounds and destroy reach the native tray', () => {
    let clicks = 0;
    const view = new TrayView('/res', () => undefined, () => clicks++);
    const tray = electronState.trays[0]!;
    tray.listeners.get('click')?.();
    expect(clicks).toBe(1);
    tray.bounds = { x: 5, y: 6, width: 22, height: 22 };
    expect(view.bounds()).toEqual({ x: 5, y: 6, width: 22, height: 22 });
    view.destroy();
    expect(tray.destroyed).toBe(true);
  });
});
