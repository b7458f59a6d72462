import { englishText } from '../../../../src/shared/i18n/english-message.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../../src/core/simulator/index.ts';
import { MemoryCredentialStore } from '../../../../src/core/credentials/memory-store.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { PROFILE_LOCK_FILE, ProfileLock } from '../../../../src/core/settings/profile-lock.ts';
import { profileDataDir } from '../../../../src/core/settings/user-data-dir.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

const USER = { apiKey: 'lock-key-1234567', secret: 'lock-secret-1234567', trxSun: 100_000_000n, usdtMicros: 0n };

/**
 * The app takes its profile's lock when its session opens (core, so the app
 * and the headless daemon share it): a profile the daemon runs is refused,
 * with who holds it, and the app is free again once the holder stops.
 */
describe('the app and the profile lock', () => {
  const started: AppOnFakeDesktop[] = [];
  let sim: Simulator | undefined;
  afterEach(async () => {
    for (const app of started.splice(0)) await app.service.stop();
    await sim?.close();
  });

  async function app(overrides: Parameters<typeof startAppOnFakeDesktop>[0] = {}): Promise<AppOnFakeDesktop> {
    const h = await startAppOnFakeDesktop(overrides);
    started.push(h);
    return h;
  }

  it('holds the lock while an account session is open and releases it when it closes', async () => {
    sim = await startSimulator({ users: [USER] });
    const h = await app();
    await h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    const profileId = (await h.service.services.state.view()).activeProfileId ?? '';
    const file = join(profileDataDir(h.userDataDir, profileId), PROFILE_LOCK_FILE);
    expect(existsSync(file)).toBe(true);
    await h.service.services.sessions.startDemo();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a profile another process runs, saying which, and opens it once that one stopped', async () => {
    sim = await startSimulator({ users: [USER] });
    const first = await app();
    await first.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    const profileId = (await first.service.services.state.view()).activeProfileId ?? '';
    await first.service.stop();
    // The daemon holds it now: a live process (our parent), as `energy-tray daemon` writes it.
    const daemonLock = ProfileLock.acquire(profileDataDir(first.userDataDir, profileId), { program: 'energy-tray daemon', pid: process.ppid });

    const credentialStore = new MemoryCredentialStore();
    await credentialStore.set(profileId, { apiKey: USER.apiKey, apiSecret: USER.secret });
    const second = await app({ userDataDir: first.userDataDir, credentialStore });
    const state = await second.service.services.state.view();
    expect(state.mode).toBe('welcome');
    expect(state.notices.map(englishText).join('\n')).toContain(`in use by energy-tray daemon (pid ${process.ppid})`);
    const refused = await second.service.services.sessions.setActiveProfile(profileId).catch((err: unknown) => err);
    expect(toIpcError(refused)).toMatchObject({ code: 'rejected', message: expect.stringContaining('one process at a time may run a profile') });

    daemonLock.release();
    await second.service.services.sessions.setActiveProfile(profileId);
    expect((await second.service.services.state.view()).mode).toBe('account');
  });
});
