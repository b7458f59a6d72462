import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../../../src/core/simulator/index.ts';
import { DEMO_ADDRESS } from '../../../../src/core/app/app-service.ts';
import { listOrders, startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';
import { readOnDisk } from '../../../support/order-db.ts';

const apps: AppOnFakeDesktop[] = [];
const sims: Simulator[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((h) => h.service.stop()));
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

async function demo(): Promise<AppOnFakeDesktop> {
  const h = await startAppOnFakeDesktop();
  apps.push(h);
  await h.service.services.sessions.startDemo();
  return h;
}

function journal(h: AppOnFakeDesktop, dir = 'demo'): Array<{ state: string; presetId: string | null; quotedSun: string | null }> {
  const path = join(h.userDataDir, dir, 'orders.sqlite');
  return existsSync(path) ? (readOnDisk(path).orders as never[]) : [];
}

describe('one-click preset flow against the simulator', () => {
  it('quotes, buys once, journals, tracks and notifies on completion; the balance drops by the quote', async () => {
    const h = await demo();
    const [preset] = h.service.services.presets.list();
    expect(preset).toMatchObject({ count: 65_000, period: '1h', address: DEMO_ADDRESS });
    const order = await h.service.services.presets.run(preset!.id, 'dashboard');
    expect(order).toMatchObject({ kind: 'energy', state: 'running', quotedSun: '3250000', chargedSun: '3250000', presetId: preset!.id });
    expect(journal(h)).toHaveLength(1);
    await expect.poll(() => h.notifications.length, { timeout: 15_000 }).toBe(1);
    expect(h.notifications[0]).toMatchObject({ localId: order.localId });
    expect(h.notifications[0]?.body).toContain('3.25 TRX');
    await expect.poll(async () => (await h.service.services.state.view()).balance?.trxSun, { timeout: 10_000 }).toBe('496750000');
    expect(listOrders(h.service)[0]).toMatchObject({ state: 'succeeded', reclaimable: true });
  });

  it('refuses a quote above the cap with a notification and sends no order', async () => {
    const h = await demo();
    const [preset] = h.service.services.presets.list();
    const { busy: _busy, ...input } = preset!;
    await h.service.services.presets.save({ ...input, capSun: '3000000' });
    await expect(h.service.services.presets.run(preset!.id, 'dashboard')).rejects.toThrow(/above its spending cap of 3.00 TRX/);
    expect(h.notifications.at(-1)?.title).toMatch(/Top-up not bought/);
    expect(journal(h)).toEqual([]);
    expect((await h.service.services.balance.refresh()).trxSun).toBe('500000000');
  });

  it('refuses when the balance is too low', async () => {
    const h = await demo();
    const [preset] = h.service.services.presets.list();
    const { busy: _busy, ...input } = preset!;
    await h.service.services.presets.save({ ...input, count: 10_000_000, period: '3day', capSun: '999999000000' });
    await expect(h.service.services.presets.run(preset!.id, 'dashboard')).rejects.toThrow(/your balance is 500.00 TRX/);
    expect(journal(h)).toEqual([]);
  });

  it('locks a preset while it is submitted: a double click buys once', async () => {
    const h = await demo();
    const [preset] = h.service.services.presets.list();
    const results = await Promise.allSettled([h.service.services.presets.run(preset!.id, 'dashboard'), h.service.services.presets.run(preset!.id, 'dashboard')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(String((rejected as PromiseRejectedResult).reason)).toMatch(/already being bought/);
    expect(journal(h)).toHaveLength(1);
    expect(h.service.services.presets.list().every((p) => !p.busy)).toBe(true);
  });

  it('shows the service being down as a network error and journals nothing', async () => {
    const sim = await startSimulator({ users: [{ apiKey: 'down-test-key-1', secret: 'down-test-secret-1', trxSun: 100_000_000n, usdtMicros: 0n }] });
    const h = await startAppOnFakeDesktop({ timeoutMs: 1500 });
    apps.push(h);
    await h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: 'down-test-key-1', apiSecret: 'down-test-secret-1' });
    await h.service.services.presets.addDefaults(DEMO_ADDRESS);
    await sim.close();
    const [preset] = h.service.services.presets.list();
    await expect(h.service.services.presets.run(preset!.id, 'dashboard')).rejects.toMatchObject({ category: 'network' });
    expect(h.notifications.at(-1)?.title).toMatch(/Top-up not bought/);
    const profileDir = join('profiles', (await h.service.services.state.view()).activeProfileId!);
    expect(journal(h, profileDir)).toEqual([]);
  });

  it('asks main before a preset is added or changes what, where or how much it buys; a rename asks nothing', async () => {
    const h = await demo();
    const [preset] = h.service.services.presets.list();
    const { busy: _busy, ...input } = preset!;
    await h.service.services.presets.save({ ...input, name: 'Morning' });
    expect(h.approval.requests).toEqual([]);
    h.approval.denyNext(3);
    const other = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    for (const change of [{ address: other }, { capSun: '999999999999999999999999' }, { count: 131_000 }]) {
      const err = await h.service.services.presets.save({ ...input, name: 'Morning', ...change }).catch((e: unknown) => e);
      expect((err as { kind?: string }).kind).toBe('not_approved');
    }
    expect(h.service.services.presets.list()[0]).toMatchObject({ name: 'Morning', address: DEMO_ADDRESS, capSun: input.capSun, count: input.count });
    expect(h.approval.requests[0]?.changes).toEqual([`Address: ${DEMO_ADDRESS} → ${other}`]);
    h.approval.denyNext(2);
    await expect(h.service.services.presets.save({ ...input, id: undefined, name: 'New' })).rejects.toMatchObject({ kind: 'not_approved' });
    await expect(h.service.services.presets.addDefaults(other)).rejects.toMatchObject({ kind: 'not_approved' });
    expect(h.service.services.presets.list()).toHaveLength(3);
    expect(h.approval.kinds().slice(-2)).toEqual(['save_preset', 'add_presets']);
  });

  it('from the dashboard a run asks first; from the tray it is one click', async () => {
    const h = await demo();
    const [preset] = h.service.services.presets.list();
    h.approval.denyNext();
    await expect(h.service.services.presets.run(preset!.id, 'dashboard')).rejects.toMatchObject({ kind: 'not_approved' });
    expect(h.notifications).toEqual([]);
    expect(journal(h)).toEqual([]);
    expect(h.approval.requests[0]).toMatchObject({ kind: 'run_preset', title: `Run “\u2068${preset!.name}\u2069”: buy 65,000 energy for 1 hr?`, costSun: 3_250_000n });
    await h.service.trayAction({ kind: 'runPreset', presetId: preset!.id });
    expect(h.approval.requests).toHaveLength(1);
    expect(journal(h)).toHaveLength(1);
  });
});

describe('presets per profile (ADR 0022)', () => {
  const users = [
    { apiKey: 'presets-key-a1', secret: 'presets-secret-a1', trxSun: 100_000_000n, usdtMicros: 0n },
    { apiKey: 'presets-key-b1', secret: 'presets-secret-b1', trxSun: 100_000_000n, usdtMicros: 0n },
  ];
  const connect = (h: AppOnFakeDesktop, sim: Simulator, i: number) =>
    h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: users[i]!.apiKey, apiSecret: users[i]!.secret });

  it('gives each account its own presets, and the demo its own in memory', async () => {
    const sim = await startSimulator({ users });
    sims.push(sim);
    const h = await startAppOnFakeDesktop();
    apps.push(h);
    await connect(h, sim, 0);
    const first = (await h.service.services.state.view()).activeProfileId!;
    await h.service.services.presets.addDefaults(DEMO_ADDRESS);
    const mine = h.service.services.presets.list().map((p) => p.id);
    expect(mine).toHaveLength(3);
    await connect(h, sim, 1);
    expect(h.service.services.presets.list()).toEqual([]);
    await h.service.services.sessions.startDemo();
    expect(h.service.services.presets.list().map((p) => p.id)).not.toEqual(expect.arrayContaining([mine[0]]));
    await h.service.services.sessions.setActiveProfile(first);
    expect(h.service.services.presets.list().map((p) => p.id)).toEqual(mine);
  });

  it('the first account opened takes the presets a version-2 file kept with no profile; later accounts start empty', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'energy-tray-presets-'));
    const preset = { id: 'p-old', name: 'Daily', kind: 'timed', resource: 'energy', period: '1h', count: 65_000, address: DEMO_ADDRESS, capSun: '5000000' };
    writeFileSync(join(userDataDir, 'settings.json'), JSON.stringify({ version: 2, presets: [preset] }));
    const sim = await startSimulator({ users });
    sims.push(sim);
    const h = await startAppOnFakeDesktop({ userDataDir });
    apps.push(h);
    await connect(h, sim, 0);
    await expect.poll(() => h.service.services.presets.list().map((p) => p.id)).toEqual(['p-old']);
    await connect(h, sim, 1);
    expect(h.service.services.presets.list()).toEqual([]);
  });
});
