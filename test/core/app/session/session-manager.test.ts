import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../../../src/core/simulator/index.ts';
import { DEMO_ADDRESS } from '../../../../src/core/app/app-service.ts';
import { listOrders, startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';

const USER = { apiKey: 'switch-key-12345', secret: 'switch-secret-12345', trxSun: 100_000_000n, usdtMicros: 0n };

describe('switching sessions never duplicates, loses or misroutes anything', () => {
  let app: AppOnFakeDesktop | undefined;
  let sim: Simulator | undefined;
  afterEach(async () => {
    await app?.service.stop();
    await sim?.close();
  });

  async function withAccount(): Promise<AppOnFakeDesktop> {
    sim = await startSimulator({ users: [USER], timing: { timedOrderMs: 800, fastRecoverMs: 800 } });
    app = await startAppOnFakeDesktop();
    await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    return app;
  }

  it('leaving the demo twice opens one account session: one notification per order', async () => {
    const h = await withAccount();
    await h.service.services.sessions.startDemo();
    await Promise.all([h.service.services.sessions.stopDemo(), h.service.services.sessions.stopDemo()]);
    expect((await h.service.services.state.view()).mode).toBe('account');
    const order = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    await expect.poll(() => listOrders(h.service).find((o) => o.localId === order.localId)?.state, { timeout: 15_000 }).toBe('succeeded');
    await new Promise((r) => setTimeout(r, 500));
    expect(h.notifications.filter((n) => n.localId === order.localId)).toHaveLength(1);
  });

  it('keeps the demo presets out of the real account', async () => {
    const h = await withAccount();
    await h.service.services.sessions.startDemo();
    expect(h.service.services.presets.list()).toHaveLength(3);
    await h.service.services.sessions.stopDemo();
    expect(h.service.services.presets.list()).toEqual([]);
    const settings = JSON.parse(readFileSync(join(h.userDataDir, 'settings.json'), 'utf8')) as { presets: unknown[] };
    expect(settings.presets).toEqual([]);
  });

  it('replacing the credentials while a buy is under way keeps the order and its serial', async () => {
    const h = await withAccount();
    const buying = h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    // Under way: approved (main may first wait a moment for the node's energy fee), now being journaled and sent.
    await expect.poll(() => h.approval.requests.length).toBe(2);
    const replacing = h.service.services.sessions.connect({
      profileId: (await h.service.services.state.view()).activeProfileId!,
      baseUrl: sim!.baseUrl,
      apiKey: USER.apiKey,
      apiSecret: USER.secret,
    });
    const [order] = await Promise.all([buying, replacing]);
    expect(order.orderSn).toMatch(/^EN\d+/);
    await expect
      .poll(() => listOrders(h.service).find((o) => o.localId === order.localId), { timeout: 15_000 })
      .toMatchObject({ orderSn: order.orderSn, state: 'succeeded' });
  });

  it('a top-up accepted without an order id is reported as outcome unknown, not as placed', async () => {
    const h = await withAccount();
    sim!.faults.inject('/buy_fast_recover', { kind: 'bad-shape' }, { phase: 'after' });
    const refused = await h.service.services.commands.buyFastRecover({ resourceType: 'energy', address: DEMO_ADDRESS, count: 65_000 }).catch((e: unknown) => e);
    expect(toIpcError(refused)).toMatchObject({
      code: 'outcome_unknown',
    });
    expect(listOrders(h.service)[0]).toMatchObject({ kind: 'fast_recover', state: 'outcome_unknown' });
  });

  it('asks main before a key goes to a new or changed host, and sends nothing when declined', async () => {
    const h = await withAccount();
    const attacker = await startSimulator({ users: [{ apiKey: 'attacker-key-1', secret: 'attacker-secret-1', trxSun: 1n, usdtMicros: 0n }] });
    try {
      const profileId = (await h.service.services.state.view()).activeProfileId!;
      const keyBefore = await h.store.get(profileId);
      h.approval.denyNext(2);
      for (const input of [
        { profileId, baseUrl: attacker.baseUrl, apiKey: 'attacker-key-1', apiSecret: 'attacker-secret-1' },
        { baseUrl: attacker.baseUrl, apiKey: 'attacker-key-1', apiSecret: 'attacker-secret-1' },
      ]) {
        expect(toIpcError(await h.service.services.sessions.connect(input).catch((e: unknown) => e)).code).toBe('not_approved');
      }
      expect(attacker.requests).toHaveLength(0);
      expect(await h.store.get(profileId)).toEqual(keyBefore);
      expect((await h.service.services.state.view()).profiles.map((p) => p.baseUrl)).toEqual([sim!.baseUrl]);
      expect(h.approval.requests.map((r) => r.title)).toEqual([
        `Connect to ${new URL(sim!.baseUrl).host}?`,
        `Move “\u2068Default\u2069” to ${new URL(attacker.baseUrl).host}?`,
        `Connect to ${new URL(attacker.baseUrl).host}?`,
      ]);
    } finally {
      await attacker.close();
    }
  });

  it('asks main before it removes credentials, and keeps them when declined', async () => {
    const h = await withAccount();
    const profileId = (await h.service.services.state.view()).activeProfileId!;
    h.approval.denyNext();
    expect(toIpcError(await h.service.services.sessions.removeCredentials(profileId).catch((e: unknown) => e)).code).toBe('not_approved');
    expect(await h.store.get(profileId)).not.toBeNull();
    expect((await h.service.services.state.view()).mode).toBe('account');
    await h.service.services.sessions.removeCredentials(profileId);
    expect(await h.store.get(profileId)).toBeNull();
    expect(h.approval.kinds()).toEqual(['connect', 'remove_credentials', 'remove_credentials']);
  });
});
