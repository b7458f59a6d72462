import { describe, expect, it } from 'vitest';
import { fakeDesktopApps, type AppOnFakeDesktop } from '../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();

const app = (): Promise<AppOnFakeDesktop> => startApp();

describe('the facade the handler table and the tray call (AppService)', () => {
  it('starts in the welcome mode and tells the dashboard the state, the presets, the orders, the wallets, the savings and the rules', async () => {
    const h = await app();
    expect(h.events.map((e) => e.event)).toEqual(['app:state', 'app:presets', 'app:orders-reset', 'app:wallets', 'app:savings', 'app:rules']);
    expect(await h.service.getState()).toMatchObject({ mode: 'welcome', balance: null, polling: { paused: false }, keychain: { available: true } });
    expect(h.trayModels.length).toBeGreaterThan(0);
  });

  it('hands the desktop its jobs through the ports', async () => {
    const h = await app();
    expect(await h.service.openExternal('https://tronscan.org/#/transaction/ab')).toEqual({ opened: true });
    expect(h.opened).toEqual(['https://tronscan.org/#/transaction/ab']);
    expect(await h.service.openLogs()).toEqual({ opened: false });
    expect(h.service.getInfo()).toMatchObject({ name: 'Energy Tray', platform: 'linux' });
  });

  it('pauses and resumes polling from the tray, and says so in the state', async () => {
    const h = await app();
    await h.service.startDemo();
    await h.service.trayAction({ kind: 'togglePause' });
    expect((await h.service.getState()).polling).toEqual({ paused: true, reason: { key: 'notices:pausedBy.user' } });
    await h.service.trayAction({ kind: 'togglePause' });
    expect((await h.service.getState()).polling).toEqual({ paused: false, reason: null });
  });

  it('pausing from the tray stops the wallet reads too', async () => {
    const h = await startApp({ walletCadence: { idleMs: 100, trxEveryMs: 100 }, demoNode: { spending: null } });
    await h.service.startDemo();
    const [suggested] = h.service.listWallets().suggestions;
    await h.service.addWallet({ address: suggested!.address, label: 'Payroll', plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
    await h.service.trayAction({ kind: 'togglePause' });
    await new Promise((r) => setTimeout(r, 150)); // a read in flight when the pause came reports once more
    const readAt = h.service.listWallets().wallets[0]?.readAt;
    await new Promise((r) => setTimeout(r, 500));
    expect(h.service.listWallets().wallets[0]?.readAt).toBe(readAt);
    await h.service.trayAction({ kind: 'togglePause' });
    await expect.poll(() => h.service.listWallets().wallets[0]?.readAt, { timeout: 3_000 }).not.toBe(readAt);
  });
});
