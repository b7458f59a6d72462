import { englishText } from '../../../../src/shared/i18n/english-message.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Approvals } from '../../../../src/core/app/approvals/approvals.ts';
import { Notices } from '../../../../src/core/app/notify/notices.ts';
import type { Session } from '../../../../src/core/app/session/session.ts';
import { SettingsService } from '../../../../src/core/app/session/settings-service.ts';
import { systemClock } from '../../../../src/core/base/clock.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { appLanguage, type Language } from '../../../../src/shared/i18n/languages.ts';
import { FakeApproval } from '../../../support/fake-approval.ts';
import { tempDir } from '../../../support/temp-dir.ts';

function service(session: Session | null = null) {
  const dir = tempDir('settings-service');
  const notices = new Notices({ emit: () => undefined });
  const desktop = { openExternal: async () => false, openPath: async () => false, setLaunchAtLogin: vi.fn() };
  const renderTray = vi.fn();
  const approval = new FakeApproval();
  // As the app wires it: the Settings choice, else the system's locale (Russian here).
  const language = (): Language => appLanguage(settings.loaded?.language ?? null, 'ru-RU');
  const settings: SettingsService = new SettingsService({ userDataDir: dir, clock: systemClock, desktop, notices, approvals: new Approvals(approval), session: () => session, language });
  // The tray presenter redraws on every announced change.
  settings.events.on('applied', renderTray);
  return { dir, notices, desktop, renderTray, settings, approval };
}

describe('the settings file and its copy in memory (SettingsService)', () => {
  it("keeps the dashboard window's place in the settings file, rounded, for the next start", async () => {
    const s = service();
    await s.settings.load();
    expect(s.settings.dashboardBounds()).toBeNull();
    await s.settings.saveDashboardBounds({ x: 10.4, y: 20.6, width: 1280, height: 800 });
    expect(JSON.parse(readFileSync(join(s.dir, 'settings.json'), 'utf8')).dashboardBounds).toEqual({ x: 10, y: 21, width: 1280, height: 800 });
    const next = new SettingsService({ userDataDir: s.dir, clock: systemClock, desktop: s.desktop, notices: s.notices, approvals: new Approvals(s.approval), session: () => null, language: () => 'en' });
    await next.load();
    expect(next.dashboardBounds()).toEqual({ x: 10, y: 21, width: 1280, height: 800 });
  });

  it('asks main before the large-order warning is raised, not before it is lowered', async () => {
    const s = service();
    await s.settings.load();
    await s.settings.applyPatch({ largeOrderSun: '5000000', largeOrderPercent: 5 });
    expect(s.approval.requests).toEqual([]);
    await s.settings.applyPatch({ largeOrderSun: '50000000' });
    expect(s.approval.requests.map((r) => r.title)).toEqual(['Warn about large orders less often?']);
    expect(s.settings.view()).toMatchObject({ largeOrderSun: '50000000', largeOrderPercent: 5 });
  });

  it('keeps the language choice: null follows the system, a choice overrides it, and the tray is redrawn in it', async () => {
    const s = service();
    await s.settings.load();
    expect(s.settings.view()).toMatchObject({ language: null, resolvedLanguage: 'ru' });
    s.renderTray.mockClear();
    expect(await s.settings.applyPatch({ language: 'zh-CN' })).toMatchObject({ language: 'zh-CN', resolvedLanguage: 'zh-CN' });
    expect(s.renderTray).toHaveBeenCalledTimes(1);
    expect(JSON.parse(readFileSync(join(s.dir, 'settings.json'), 'utf8')).language).toBe('zh-CN');
    expect(await s.settings.applyPatch({ language: null })).toMatchObject({ language: null, resolvedLanguage: 'ru' });
    expect(s.approval.requests).toEqual([]);
  });

  it('turns a settings file moved aside into one notice, at start-up only', async () => {
    const s = service();
    writeFileSync(join(s.dir, 'settings.json'), '{ not json');
    const loaded: unknown[] = [];
    s.settings.events.on('loaded', (v) => loaded.push(v));
    await s.settings.load();
    await s.settings.reload();
    expect(s.notices.all().map(englishText)).toEqual([expect.stringMatching(/could not be read .* moved aside/)]);
    expect(loaded).toHaveLength(2);
    expect(s.settings.current.pollIntervalSeconds).toBe(60);
  });

  it('saves a change, then pushes it to the live scheduler, the desktop and the tray', async () => {
    const scheduler = { setBalanceInterval: vi.fn(), setLowBalanceThreshold: vi.fn(), setNotificationsEnabled: vi.fn() };
    const s = service({ scheduler } as unknown as Session);
    await s.settings.load();
    const view = await s.settings.applyPatch({ pollIntervalSeconds: 30, lowBalanceThresholdSun: '5000000', notificationsEnabled: false, launchAtLogin: true });
    expect(view).toMatchObject({ pollIntervalSeconds: 30, lowBalanceThresholdSun: '5000000', notificationsEnabled: false, launchAtLogin: true, userDataDir: s.dir });
    expect(scheduler.setBalanceInterval).toHaveBeenCalledWith(30_000);
    expect(scheduler.setLowBalanceThreshold).toHaveBeenCalledWith(5_000_000n);
    expect(scheduler.setNotificationsEnabled).toHaveBeenCalledWith(false);
    expect(s.desktop.setLaunchAtLogin).toHaveBeenCalledWith(true);
    expect(s.renderTray).toHaveBeenCalled();
    await s.settings.reload();
    expect(s.settings.current.pollIntervalSeconds).toBe(30);
  });

  it('calls a balance stale after two missed polls, or one and half a minute', async () => {
    const s = service();
    expect(s.settings.staleAfterMs()).toBe(120_000);
    await s.settings.load();
    await s.settings.applyPatch({ pollIntervalSeconds: 15 });
    expect(s.settings.staleAfterMs()).toBe(45_000);
    expect(s.settings.sessionSettings()).toEqual({ balanceIntervalMs: 15_000, lowBalanceThresholdSun: 10_000_000n, notificationsEnabled: true });
  });

  it('asks main before notifications go off, a limit goes up or the low-balance warning goes down; nothing saved when declined', async () => {
    const s = service();
    await s.settings.load();
    await s.settings.applyPatch({ pollIntervalSeconds: 30 });
    const before = readFileSync(join(s.dir, 'settings.json'), 'utf8');
    s.approval.denyNext(3);
    for (const patch of [{ notificationsEnabled: false }, { dailyLimitSun: '100000001' }, { lowBalanceThresholdSun: '9999999' }]) {
      const err = await s.settings.applyPatch(patch).catch((e: unknown) => e);
      expect(toIpcError(err).code).toBe('not_approved');
    }
    expect(readFileSync(join(s.dir, 'settings.json'), 'utf8')).toBe(before);
    expect(s.approval.requests.map((r) => r.title)).toEqual([
      'Turn off notifications for orders?',
      'Raise the daily spending limit to 100.000001 TRX?',
      'Lower the low-balance warning to 9.999999 TRX?',
    ]);
    expect(s.approval.requests[1]?.changes).toEqual(['Daily spending limit: 100.00 TRX → 100.000001 TRX']);
  });

  it('lowers a limit, raises the warning or turns notifications on without asking', async () => {
    const s = service();
    await s.settings.load();
    await s.settings.applyPatch({ notificationsEnabled: true, dailyLimitSun: '5000000', lowBalanceThresholdSun: '20000000', pollIntervalSeconds: 120, launchAtLogin: true });
    expect(s.approval.requests).toEqual([]);
    expect(s.settings.view()).toMatchObject({ dailyLimitSun: '5000000', lowBalanceThresholdSun: '20000000' });
  });
});
