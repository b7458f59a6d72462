import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { fakeDesktopApps, type AppOnFakeDesktop } from '../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();

const app = (): Promise<AppOnFakeDesktop> => startApp();

describe('the facade the handler table and the tray call (AppService)', () => {
  it('starts in the welcome mode and tells the dashboard the state, the presets, the orders, the wallets, the savings and the rules', async () => {
    const h = await app();
    expect(h.events.map((e) => e.event)).toEqual(['app:state', 'app:presets', 'app:orders-reset', 'app:wallets', 'app:savings', 'app:rules']);
    expect(await h.service.services.state.view()).toMatchObject({ mode: 'welcome', balance: null, polling: { paused: false }, keychain: { available: true } });
    expect(h.trayModels.length).toBeGreaterThan(0);
  });

  it('hands the desktop its jobs through the ports', async () => {
    const h = await app();
    expect(await h.service.services.desktopActions.openExternal('https://tronscan.org/#/transaction/ab')).toEqual({ opened: true });
    expect(h.opened).toEqual(['https://tronscan.org/#/transaction/ab']);
    expect(await h.service.services.desktopActions.openLogs()).toEqual({ opened: false });
    expect(await h.table['app:getInfo']({})).toMatchObject({ name: 'Energy Tray', platform: 'linux' });
  });

  it('pauses and resumes polling from the tray, and says so in the state', async () => {
    const h = await app();
    await h.service.services.sessions.startDemo();
    await h.service.trayAction({ kind: 'togglePause' });
    expect((await h.service.services.state.view()).polling).toEqual({ paused: true, reason: { key: 'notices:pausedBy.user' } });
    await h.service.trayAction({ kind: 'togglePause' });
    expect((await h.service.services.state.view()).polling).toEqual({ paused: false, reason: null });
  });

  it('pausing from the tray stops the wallet reads too', async () => {
    // Virtual time: the watcher's read timers fire only when the test steps the clock.
    const clock = new VirtualClock(Date.now());
    // A refresh a minute fits the node's daily budget at any hour (a faster one is widened early in the UTC day).
    const h = await startApp({ clock, walletCadence: { refreshMs: 60_000 }, demoNode: { spending: null } });
    const wallets = h.services.wallets;
    /** Runs every timer due in the next `ms` of virtual time, letting each read finish before the next. */
    const runFor = async (ms: number): Promise<void> => {
      const end = clock.now() + ms;
      for (let next = clock.nextAt(); next !== undefined && next <= end; next = clock.nextAt()) {
        clock.step();
        await wallets.whenIdle();
      }
      clock.advanceTo(end);
    };
    await h.service.services.sessions.startDemo();
    const [suggested] = h.service.services.wallets.list().suggestions;
    await h.service.services.wallets.add({ address: suggested!.address, label: 'Payroll', plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
    await runFor(1_000);
    const firstRead = h.service.services.wallets.list().wallets[0]?.readAt;
    expect(firstRead).toBeDefined();
    await h.service.trayAction({ kind: 'togglePause' });
    // A read in flight when the pause came reports once more; after that, three refresh intervals pass with no read.
    await wallets.whenIdle();
    const readAt = h.service.services.wallets.list().wallets[0]?.readAt;
    await runFor(180_000);
    expect(h.service.services.wallets.list().wallets[0]?.readAt).toBe(readAt);
    await h.service.trayAction({ kind: 'togglePause' });
    await runFor(65_000);
    expect(h.service.services.wallets.list().wallets[0]?.readAt).not.toBe(readAt);
  });
});
