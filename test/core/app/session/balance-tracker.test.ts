import { afterEach, describe, expect, it } from 'vitest';
import { msg } from '../../../../src/shared/i18n/message.ts';
import { startSimulator, type Simulator } from '../../../../src/core/simulator/index.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

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
    await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    await expect.poll(async () => (await app!.service.services.state.view()).balance?.trxSun, { timeout: 5000 }).toBe('42000000');
    expect(app.service.trayModel().icon).toBe('normal');

    await sim.close();
    await expect(app.service.services.balance.refresh()).rejects.toMatchObject({ category: 'network' });
    const down = await app.service.services.state.view();
    expect(down.balance).toMatchObject({ trxSun: '42000000', stale: true });
    expect(app.service.trayModel().icon).toBe('offline');
    // However recent the last read, it is not current while the service does not answer (never "updated just now").
    expect(app.service.trayModel().tooltip).toMatch(/\nlast read .+ — not current$/);
    const balanceEvents = app.events.filter((e) => e.event === 'app:balance');
    expect(balanceEvents.at(-1)?.payload).toMatchObject({ stale: true });
    expect(app.notifications).toEqual([]);

    sim = await startSimulator({ users: [USER], port });
    const back = await app.service.services.balance.refresh();
    expect(back).toMatchObject({ trxSun: '42000000', stale: false });
    expect(app.service.trayModel().icon).toBe('normal');
  });
});

describe("the service's health in the dashboard's state (the banner follows it)", () => {
  let app: AppOnFakeDesktop | undefined;
  let sim: Simulator | undefined;
  afterEach(async () => {
    await app?.service.stop();
    await sim?.close();
  });

  it('unknown until the first answer, unreachable when down at start (no balance yet), ok again after recovery', async () => {
    sim = await startSimulator({ users: [USER] });
    const port = Number(new URL(sim.baseUrl).port);
    const first = await startAppOnFakeDesktop({ timeoutMs: 1000 });
    await first.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    await expect.poll(async () => (await first.service.services.state.view()).service.status, { timeout: 5000 }).toBe('ok');
    await first.service.stop();
    await sim.close();

    app = await startAppOnFakeDesktop({ timeoutMs: 1000, userDataDir: first.userDataDir, credentialStore: first.store });
    await expect(app.service.services.balance.refresh()).rejects.toMatchObject({ category: 'network' });
    const down = await app.service.services.state.view();
    expect(down.balance).toBeNull();
    expect(down.service).toMatchObject({ status: 'unreachable', message: expect.objectContaining({ key: expect.stringMatching(/^errors:api\.network/) }), since: expect.any(Number) });
    // Pushed, so the dashboard's banner shows without asking.
    expect(app.events.filter((e) => e.event === 'app:state').at(-1)?.payload).toMatchObject({ service: { status: 'unreachable' } });

    sim = await startSimulator({ users: [USER], port });
    await app.service.services.balance.refresh();
    expect((await app.service.services.state.view()).service).toEqual({ status: 'ok', message: null, since: expect.any(Number) });
    expect(app.events.filter((e) => e.event === 'app:state').at(-1)?.payload).toMatchObject({ service: { status: 'ok' } });
  });

  it('auth_failed when the service refuses the key', async () => {
    sim = await startSimulator({ users: [USER] });
    const first = await startAppOnFakeDesktop({ timeoutMs: 1000 });
    await first.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    const state = first.service.services.state.view();
    await first.service.stop();
    await first.store.set(state.activeProfileId!, { apiKey: USER.apiKey, apiSecret: 'wrong-secret-000000' });
    app = await startAppOnFakeDesktop({ timeoutMs: 1000, userDataDir: first.userDataDir, credentialStore: first.store });
    await expect.poll(async () => (await app!.service.services.state.view()).service.status, { timeout: 8000 }).toBe('auth_failed');
    // One condition, one banner: the health says it (and leaves with it); no notice repeats it, nor stays after a fix.
    const refused = await app.service.services.state.view();
    expect(refused.notices).toEqual([]);
    expect(refused.polling).toEqual({ paused: true, reason: msg('notices:pausedBy.auth') });
  });
});
