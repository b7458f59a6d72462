import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../src/core/simulator/index.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../support/fake-desktop.ts';

const USER = { apiKey: 'outage-key-12345', secret: 'outage-secret-12345', trxSun: 42_000_000n, usdtMicros: 0n };

describe('the service going down and coming back (app level)', () => {
  let app: AppOnFakeDesktop | undefined;
  let sim: Simulator | undefined;
  afterEach(async () => {
    await app?.service.stop();
    await sim?.close();
  });

  it('keeps the last balance marked stale with the offline icon, then recovers on its own terms', async () => {
    sim = await startSimulator({ users: [USER] });
    const port = Number(new URL(sim.baseUrl).port);
    app = await startAppOnFakeDesktop({ timeoutMs: 1000 });
    await app.service.connectAccount({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    await expect.poll(async () => (await app!.service.getState()).balance?.trxSun, { timeout: 5000 }).toBe('42000000');
    expect(app.service.trayModel().icon).toBe('normal');

    await sim.close();
    await expect(app.service.refreshBalance()).rejects.toMatchObject({ category: 'network' });
    const down = await app.service.getState();
    expect(down.balance).toMatchObject({ trxSun: '42000000', stale: true });
    expect(app.service.trayModel().icon).toBe('offline');
    expect(app.service.trayModel().tooltip).toMatch(/updated /);
    const balanceEvents = app.events.filter((e) => e.event === 'app:balance');
    expect(balanceEvents.at(-1)?.payload).toMatchObject({ stale: true });
    expect(app.notifications).toEqual([]);

    sim = await startSimulator({ users: [USER], port });
    const back = await app.service.refreshBalance();
    expect(back).toMatchObject({ trxSun: '42000000', stale: false });
    expect(app.service.trayModel().icon).toBe('normal');
  });
});
