import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
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
  await h.service.startDemo();
  return h;
}

function journal(h: AppOnFakeDesktop, dir = 'demo'): Array<{ state: string; presetId: string | null; quotedSun: string | null }> {
  const path = join(h.userDataDir, dir, 'orders.sqlite');
  return existsSync(path) ? (readOnDisk(path).orders as never[]) : [];
}

describe('one-click preset flow against the simulator', () => {
  it('quotes, buys once, journals, tracks and notifies on completion; the balance drops by the quote', async () => {
    const h = await demo();
    const [preset] = h.service.listPresets();
    expect(preset).toMatchObject({ count: 65_000, period: '1h', address: DEMO_ADDRESS });
    const order = await h.service.runPreset(preset!.id);
    expect(order).toMatchObject({ kind: 'energy', state: 'running', quotedSun: '3250000', chargedSun: '3250000', presetId: preset!.id });
    expect(journal(h)).toHaveLength(1);
    await expect.poll(() => h.notifications.length, { timeout: 15_000 }).toBe(1);
    expect(h.notifications[0]).toMatchObject({ localId: order.localId });
    expect(h.notifications[0]?.body).toContain('3.25 TRX');
    await expect.poll(async () => (await h.service.getState()).balance?.trxSun, { timeout: 10_000 }).toBe('496750000');
    expect(listOrders(h.service)[0]).toMatchObject({ state: 'succeeded', reclaimable: true });
  });

  it('refuses a quote above the cap with a notification and sends no order', async () => {
    const h = await demo();
    const [preset] = h.service.listPresets();
    const { busy: _busy, ...input } = preset!;
    await h.service.savePreset({ ...input, capSun: '3000000' });
    await expect(h.service.runPreset(preset!.id)).rejects.toThrow(/above its spending cap of 3.00 TRX/);
    expect(h.notifications.at(-1)?.title).toMatch(/Top-up not bought/);
    expect(journal(h)).toEqual([]);
    expect((await h.service.refreshBalance()).trxSun).toBe('500000000');
  });

  it('refuses when the balance is too low', async () => {
    const h = await demo();
    const [preset] = h.service.listPresets();
    const { busy: _busy, ...input } = preset!;
    await h.service.savePreset({ ...input, count: 10_000_000, period: '3day', capSun: '999999000000' });
    await expect(h.service.runPreset(preset!.id)).rejects.toThrow(/your balance is 500.00 TRX/);
    expect(journal(h)).toEqual([]);
  });

  it('locks a preset while it is submitted: a double click buys once', async () => {
    const h = await demo();
    const [preset] = h.service.listPresets();
    const results = await Promise.allSettled([h.service.runPreset(preset!.id), h.service.runPreset(preset!.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(String((rejected as PromiseRejectedResult).reason)).toMatch(/already being bought/);
    expect(journal(h)).toHaveLength(1);
    expect(h.service.listPresets().every((p) => !p.busy)).toBe(true);
  });

  it('shows the service being down as a network error and journals nothing', async () => {
    const sim = await startSimulator({ users: [{ apiKey: 'down-test-key-1', secret: 'down-test-secret-1', trxSun: 100_000_000n, usdtMicros: 0n }] });
    const h = await startAppOnFakeDesktop({ timeoutMs: 1500 });
    apps.push(h);
    await h.service.connectAccount({ baseUrl: sim.baseUrl, apiKey: 'down-test-key-1', apiSecret: 'down-test-secret-1' });
    await h.service.addDefaultPresets(DEMO_ADDRESS);
    await sim.close();
    const [preset] = h.service.listPresets();
    await expect(h.service.runPreset(preset!.id)).rejects.toMatchObject({ category: 'network' });
    expect(h.notifications.at(-1)?.title).toMatch(/Top-up not bought/);
    const profileDir = join('profiles', (await h.service.getState()).activeProfileId!);
    expect(journal(h, profileDir)).toEqual([]);
  });

  it('asks main before a preset is added or changes what, where or how much it buys; a rename asks nothing', async () => {
    const h = await demo();
    const [preset] = h.service.listPresets();
    const { busy: _busy, ...input } = preset!;
    await h.service.savePreset({ ...input, name: 'Morning' });
    expect(h.approval.requests).toEqual([]);
    h.approval.denyNext(3);
    const other = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    for (const change of [{ address: other }, { capSun: '999999999999999999999999' }, { count: 131_000 }]) {
      const err = await h.service.savePreset({ ...input, name: 'Morning', ...change }).catch((e: unknown) => e);
      expect((err as { kind?: string }).kind).toBe('not_approved');
    }
    expect(h.service.listPresets()[0]).toMatchObject({ name: 'Morning', address: DEMO_ADDRESS, capSun: input.capSun, count: input.count });
    expect(h.approval.requests[0]?.changes).toEqual([`Address: ${DEMO_ADDRESS} → ${other}`]);
    h.approval.denyNext(2);
    await expect(h.service.savePreset({ ...input, id: undefined, name: 'New' })).rejects.toMatchObject({ kind: 'not_approved' });
    await expect(h.service.addDefaultPresets(other)).rejects.toMatchObject({ kind: 'not_approved' });
    expect(h.service.listPresets()).toHaveLength(3);
    expect(h.approval.kinds().slice(-2)).toEqual(['save_preset', 'add_presets']);
  });

  it('from the dashboard a run asks first; from the tray it is one click', async () => {
    const h = await demo();
    const [preset] = h.service.listPresets();
    h.approval.denyNext();
    await expect(h.service.runPreset(preset!.id)).rejects.toMatchObject({ kind: 'not_approved' });
    expect(h.notifications).toEqual([]);
    expect(journal(h)).toEqual([]);
    expect(h.approval.requests[0]).toMatchObject({ kind: 'run_preset', title: `Run “\u2068${preset!.name}\u2069”: buy 65,000 energy for 1 hr?`, costSun: 3_250_000n });
    await h.service.trayAction({ kind: 'runPreset', presetId: preset!.id });
    expect(h.approval.requests).toHaveLength(1);
    expect(journal(h)).toHaveLength(1);
  });
});
