import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { cpSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import type * as Fs from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../../src/core/ipc/dispatch.ts';
import { startSimulator, type Simulator } from '../../../src/core/simulator/index.ts';
import { DEMO_ADDRESS } from '../../../src/core/app/app-service.ts';
import { listOrders, startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../support/fake-desktop.ts';
import { fillDisk, limitWrites, smallDisk, type SmallDisk } from '../../support/small-disk.ts';
import { tempDir } from '../../support/temp-dir.ts';

/**
 * Issue 12: the app's data folder on a full disk. The real AppService, over
 * real files on a 76 KiB tmpfs (or, where mounting is not permitted, a
 * simulated one with short writes and ENOSPC), buys against the simulator
 * until the disk is full and well beyond, editing its settings and presets
 * on the way. Then the folder is copied as it is (what a crash or a power
 * loss would leave) and a second app starts on the copy. Counted through the
 * facade only, so the test holds whatever stores the orders:
 *  - sent_without_durable_intent: paid requests the service received whose
 *    order the restarted app does not know (its intent never reached disk);
 *  - truncated_files: files found damaged (a notice of either app, a file
 *    set aside as .corrupt-…, settings that are not JSON);
 *  - lost_orders: orders the first app showed that the restarted one lacks,
 *    plus profiles and presets lost from the settings.
 * The orders live in SQLite (WAL): its shared-memory index alone takes 32 KiB
 * of a 76 KiB disk and each order about 11 KiB of log, so there the disk is
 * full after the first order or two and nearly every attempt meets it. The
 * same run on a 256 KiB disk lets a dozen orders through before it fills, or,
 * when the checkpoint a second after paid intents (issue 21) had time to empty
 * the log between them, every order until it is filled half-way (and a few in
 * what an emptied log frees after that).
 */
const control = vi.hoisted(() => ({ open: null as unknown as typeof Fs.open, real: null as unknown as typeof Fs.open }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof Fs>();
  control.open = real.open;
  control.real = real.open;
  return { ...real, open: (...args: Parameters<typeof real.open>) => control.open(...args) };
});

const USER = { apiKey: 'disk-full-key-1', secret: 'disk-full-secret-1', trxSun: 10_000_000_000n, usdtMicros: 0n };
const ATTEMPTS = 160;

describe('a full disk', () => {
  const disks: SmallDisk[] = [];
  const sims: Simulator[] = [];
  const apps: AppOnFakeDesktop[] = [];

  afterAll(async () => {
    for (const app of apps) await app.service.stop().catch(() => undefined);
    for (const sim of sims) await sim.close();
    for (const disk of disks) disk.release();
  });

  it.each([
    // 76: 64 KiB left room for one order until the profile lock (issue 15) took a 4 KiB block of its own, and the
    // store's high-water mark (issue 21: orders-mark.sqlite and its kept rollback journal) two more;
    // 88: the quotes table (migration 3, issue 23: schema, table and index pages in the log as a new store opens, then
    // the first quote kept) three more 4 KiB blocks of the tmpfs (at 84 KiB no order fits; nothing is lost or sent);
    // 92: the assistant's refusals table (migration 4, issue 27: its page in the file and in the log) one more;
    // 100: the watched wallets' reads and the chain cursor (migration 5, issue 25: two more tables in the log as the store
    // opens; at 96 KiB no order fits);
    // 104: the watched wallets' and rules' tables (migration 6, issue 25: two pages in the file and in the log) one more.
    { sizeKiB: 104, sentAtLeast: 1 },
    { sizeKiB: 256, sentAtLeast: 6 },
  ])('sends nothing without a durable intent, truncates no file and loses no order ($sizeKiB KiB)', async ({ sizeKiB, sentAtLeast }) => {
    const disk = smallDisk(sizeKiB);
    disks.push(disk);
    // Simulated (no tmpfs here): files are limited, not SQLite's own writes, so the journal then never meets a full disk.
    control.open = disk.kind === 'simulated' ? limitWrites(control.real, disk) : control.real;
    const sim = await startSimulator({ users: [USER], timing: { timedOrderMs: 200, fastRecoverMs: 200 } });
    sims.push(sim);
    const app = await startAppOnFakeDesktop({ userDataDir: disk.dir, timeoutMs: 3000 });
    apps.push(app);
    await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    await app.service.services.presets.addDefaults(DEMO_ADDRESS);
    await app.service.services.settings.applyPatch({ dailyLimitSun: '100000000000' });

    const codes = new Map<string, number>();
    const note = (result: { ok: boolean; error?: { code: string } }): string => {
      const code = result.ok ? 'ok' : (result.error?.code ?? '?');
      codes.set(code, (codes.get(code) ?? 0) + 1);
      return code;
    };
    const savesRefused: string[] = [];
    const afterFill: string[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      // Half-way, another program takes what the journal left: from then on even small writes fail.
      if (i === ATTEMPTS / 2) fillDisk(disk);
      // A distinct count per attempt tells the service's orders apart.
      const code = note(await dispatch(app.table, 'app:buyTimed', { type: 'energy', address: DEMO_ADDRESS, count: 65_000 + i, period: '1h' }));
      if (i >= ATTEMPTS / 2) afterFill.push(code);
      if (i % 8 === 0) {
        const { busy: _busy, ...preset } = app.service.services.presets.list()[0]!;
        const saves = [
          await dispatch(app.table, 'app:updateSettings', { patch: { pollIntervalSeconds: 15 + (i % 60) } }),
          await dispatch(app.table, 'app:savePreset', { preset: { ...preset, name: `Top-up ${i}` } }),
        ];
        for (const save of saves) if (!save.ok) savesRefused.push(save.error.code);
      }
    }
    // What a crash now would leave: the folder as it is, started afresh on a normal disk.
    const shown = listOrders(app.service);
    const settingsBefore = app.service.services.settings.view();
    const presetsBefore = app.service.services.presets.list().map((p) => p.name);
    const image = tempDir('crash-image');
    cpSync(disk.dir, image, { recursive: true });
    const settingsText = readFileSync(join(image, 'settings.json'), 'utf8');
    const restarted = await startAppOnFakeDesktop({ userDataDir: image, credentialStore: app.store });
    apps.push(restarted);
    const state = await restarted.service.services.state.view();
    const known = new Set(listOrders(restarted.service).map((o) => o.count));
    const knownIds = new Set(listOrders(restarted.service).map((o) => o.localId));
    const paid = sim.requests.filter((r) => r.path === '/buy_energy');

    const counts = {
      attempts: ATTEMPTS,
      sentWithoutDurableIntent: paid.filter((r) => !known.has(Number(r.form['count']))).length,
      // Files found damaged: by either app (a notice), set aside in the folder, or not JSON where JSON was written.
      truncatedFiles:
        [...(await app.service.services.state.view()).notices, ...state.notices].map(englishText).filter((n) => /could not be read/.test(n)).length +
        readdirSync(image, { recursive: true }).filter((f) => String(f).includes('.corrupt-')).length +
        (isJson(settingsText) ? 0 : 1),
      lostOrders:
        shown.filter((o) => !knownIds.has(o.localId)).length +
        (state.profiles.length === 1 ? 0 : 1) +
        presetsBefore.filter((name) => !restarted.service.services.presets.list().some((p) => p.name === name)).length,
    };
    console.log(
      `disk-full: attempts=${counts.attempts} sent_without_durable_intent=${counts.sentWithoutDurableIntent} truncated_files=${counts.truncatedFiles} lost_orders=${counts.lostOrders} (${disk.description}; paid_sent=${paid.length} refused_storage=${codes.get('storage') ?? 0})`,
    );
    expect(counts).toEqual({ attempts: ATTEMPTS, sentWithoutDurableIntent: 0, truncatedFiles: 0, lostOrders: 0 });
    expect(paid.length).toBeGreaterThanOrEqual(sentAtLeast);
    // A refused write says so at once: a storage error, nothing sent, nothing changed; and once the disk is filled, most
    // attempts are refused so. How many orders fit depends on the log: the checkpoint a second after paid intents (issue 21)
    // empties it, so a 256 KiB disk may take every order until it is filled, and a few more in what an emptied log frees.
    expect([...codes.keys()].filter((code) => code !== 'ok' && code !== 'storage')).toEqual([]);
    expect(afterFill.filter((code) => code === 'storage').length).toBeGreaterThan(afterFill.length / 2);
    expect(codes.get('ok') ?? 0).toBeGreaterThanOrEqual(sentAtLeast);
    expect(savesRefused.length).toBeGreaterThan(4);
    expect(new Set(savesRefused)).toEqual(new Set(['storage']));
    // The settings are the last ones saved: a failed save changed neither the file nor the app's copy.
    expect(restarted.service.services.settings.view().pollIntervalSeconds).toBe(settingsBefore.pollIntervalSeconds);
    expect(state.mode).toBe('account');

    // Space again (the filler gone and, since the order log filled the disk before the filler did, room freed
    // elsewhere): the app goes on, its settings are saved and its next order is sent and kept.
    rmSync(join(disk.dir, 'filler'));
    disk.grow(sizeKiB * 4);
    await app.service.stop();
    const after = await startAppOnFakeDesktop({ userDataDir: disk.dir, credentialStore: app.store });
    apps.push(after);
    expect(await dispatch(after.table, 'app:updateSettings', { patch: { pollIntervalSeconds: 3600 } })).toMatchObject({ ok: true });
    const next = await dispatch(after.table, 'app:buyTimed', { type: 'energy', address: DEMO_ADDRESS, count: 64_999, period: '1h' });
    expect(next).toMatchObject({ ok: true });
    expect(listOrders(after.service).some((o) => o.count === 64_999)).toBe(true);
  }, 120_000);
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
