import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppService, type AppLog } from '../../../src/core/app/app-service.ts';
import type { AppServices } from '../../../src/core/app/app-wiring.ts';
import { MemoryCredentialStore } from '../../../src/core/credentials/memory-store.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { SettingsStore } from '../../../src/core/settings/settings-store.ts';
import { PROFILE_LOCK_FILE } from '../../../src/core/settings/profile-lock.ts';
import { profileDataDir } from '../../../src/core/settings/user-data-dir.ts';
import { startSimulator, type Simulator } from '../../../src/core/simulator/index.ts';
import { LoggingEventSink, loggingNotifier, refusingApproval } from '../../../src/core/app/headless-ports.ts';
import { readOnDisk } from '../../support/order-db.ts';
import { tempDir } from '../../support/temp-dir.ts';

const USER = { apiKey: 'headless-key-1234', secret: 'headless-secret-1234', trxSun: 500_000_000n, usdtMicros: 0n };
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PROFILE = '7d4f0c52-4b1e-4c8e-8f43-0a5b1f0e9c11';

/**
 * The daemon's core, in process: the real AppService on a pinned profile with
 * the headless ports. Stopping waits for a paid call under way until its
 * answer (here: none, so an unknown outcome) is journaled; nothing that needs
 * an approval is ever done.
 */
describe('the headless core', () => {
  let sim: Simulator | undefined;
  let service: AppService | undefined;
  afterEach(async () => {
    await service?.stop();
    await sim?.close();
  });

  async function headless(timeoutMs: number): Promise<{ services: AppServices; lines: Array<{ level: string; event: string; fields: object }>; userDataDir: string }> {
    sim = await startSimulator({ users: [USER] });
    const userDataDir = tempDir('headless');
    await new SettingsStore({ dir: userDataDir }).update((s) => ({
      ...s,
      profiles: [{ id: PROFILE, name: 'Server', baseUrl: sim?.baseUrl ?? '', keyHint: null, lastVerifiedAt: null }],
      activeProfileId: PROFILE,
    }));
    const credentialStore = new MemoryCredentialStore();
    await credentialStore.set(PROFILE, { apiKey: USER.apiKey, apiSecret: USER.secret });
    const lines: Array<{ level: string; event: string; fields: object }> = [];
    const log: AppLog = {
      info: (fields, event = '') => void lines.push({ level: 'info', event, fields }),
      warn: (fields, event = '') => void lines.push({ level: 'warn', event, fields }),
      error: (fields, event = '') => void lines.push({ level: 'error', event, fields }),
    };
    let services: AppServices | undefined;
    service = new AppService({
      info: { name: 'energy-tray daemon', version: '0', platform: 'linux' },
      userDataDir,
      credentialStore,
      notifier: loggingNotifier(log),
      events: new LoggingEventSink(log),
      approval: refusingApproval(log),
      log,
      timeoutMs,
      pinnedAccount: { profileId: PROFILE, baseUrl: sim.baseUrl },
      onWired: (wired) => void (services = wired),
    });
    await service.start();
    if (!services) throw new Error('onWired was not called');
    return { services, lines, userDataDir };
  }

  it('stop waits for the order being placed until its outcome is journaled, then closes the store', async () => {
    const { services, userDataDir } = await headless(1_500);
    // Accepted and paid, then the answer is lost: the client waits until its deadline.
    sim?.faults.inject('/buy_energy', { kind: 'hang' }, { phase: 'after' });
    const session = services.sessions.require();
    const placing = services.commands.buyTimed({ type: 'energy', address: ADDRESS, count: 65_000, period: '1h' }, { via: 'rule', ruleId: 'rule-under-test' }).catch((err: unknown) => err);
    await expect.poll(() => sim?.requestCount('/buy_energy')).toBe(1);
    expect(session.journal.active()).toMatchObject([{ state: 'submitting' }]);
    const stoppedAt = Date.now();
    await service?.stop();
    // Read as soon as stop() resolved: the outcome is on disk and the profile is free.
    const dir = profileDataDir(userDataDir, PROFILE);
    expect(readOnDisk(join(dir, 'orders.sqlite')).orders).toMatchObject([{ kind: 'energy', address: ADDRESS, state: 'outcome_unknown' }]);
    expect(existsSync(join(dir, PROFILE_LOCK_FILE))).toBe(false);
    expect(Date.now() - stoppedAt).toBeGreaterThan(500);
    expect(toIpcError(await placing)).toMatchObject({ code: 'outcome_unknown' });
    expect(sim?.requestCount('/buy_energy')).toBe(1);
  });

  it('refuses and logs anything that needs an approval: nothing is sent', async () => {
    const { services, lines } = await headless(5_000);
    const refused = await services.commands.buyTimed({ type: 'energy', address: ADDRESS, count: 65_000, period: '1h' }).catch((err: unknown) => err);
    expect(toIpcError(refused)).toMatchObject({ code: 'not_approved' });
    expect(sim?.requestCount('/buy_energy')).toBe(0);
    expect(lines.find((l) => l.event === 'approval_refused')).toMatchObject({
      level: 'warn',
      fields: { kind: 'buy', address: ADDRESS, costSun: '3250000', reason: 'no one can approve in the headless daemon' },
    });
  });
});
