import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountService } from '../../../src/core/credentials/account-service.ts';
import type { Balances, VerifyCredentials } from '../../../src/core/credentials/account-service.ts';
import { InvalidAccountInputError } from '../../../src/core/credentials/account-input.ts';
import { KeychainError } from '../../../src/core/credentials/credential-store.ts';
import type { Credentials } from '../../../src/core/credentials/credential-store.ts';
import { MemoryCredentialStore } from '../../../src/core/credentials/memory-store.ts';
import { InvalidBaseUrlError } from '../../../src/core/settings/base-url.ts';
import type { Settings } from '../../../src/core/settings/settings-schema.ts';
import { SettingsStorageError, SettingsStore } from '../../../src/core/settings/settings-store.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { tempDir } from '../../support/temp-dir.ts';

const KEY = 'live-key-AAAA1111BBBB';
const SECRET = 'live-secret-ZZZZ9999YYYY8888';
const KEY2 = 'second-key-CCCC2222DDDD';
const SECRET2 = 'second-secret-XXXX7777WWWW';
const BALANCES: Balances = { trxSun: 123_456_789n, usdtMicros: 5_000_000n };

class AuthenticationFailed extends Error {}

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Accepts exactly the key/secret pairs it was given, like the service's user_info. */
function fakeVerify(valid: Credentials[]): VerifyCredentials & { calls: Array<{ baseUrl: string; credentials: Credentials }> } {
  const calls: Array<{ baseUrl: string; credentials: Credentials }> = [];
  const verify = async (baseUrl: string, credentials: Credentials): Promise<Balances> => {
    calls.push({ baseUrl, credentials });
    if (!valid.some((v) => v.apiKey === credentials.apiKey && v.apiSecret === credentials.apiSecret)) throw new AuthenticationFailed('authentication failed');
    return BALANCES;
  };
  return Object.assign(verify, { calls });
}

class UpdateFailsSettingsStore extends SettingsStore {
  failUpdates = false;
  override update(mutator: (s: Settings) => Settings): Promise<Settings> {
    if (this.failUpdates) return Promise.reject(new SettingsStorageError('save', Object.assign(new Error('disk full'), { code: 'ENOSPC' })));
    return super.update(mutator);
  }
}

async function setup(valid: Credentials[] = [{ apiKey: KEY, apiSecret: SECRET }, { apiKey: KEY2, apiSecret: SECRET2 }]) {
  const dir = tempDir('account');
  dirs.push(dir);
  const store = new MemoryCredentialStore();
  const settings = new UpdateFailsSettingsStore({ dir });
  const verify = fakeVerify(valid);
  let ids = 0;
  let clock = 1_700_000_000_000;
  const service = new AccountService({
    store,
    settings,
    verify,
    now: () => clock,
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  });
  const tick = (ms: number): void => {
    clock += ms;
  };
  const settingsFile = (): Promise<string> => readFile(join(dir, 'settings.json'), 'utf8').catch(() => '<none>');
  return { dir, store, settings, verify, service, tick, settingsFile };
}

async function filesContain(dir: string, needles: string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const name of await readdir(dir, { recursive: true })) {
    const bytes = await readFile(join(dir, name)).catch(() => null);
    if (!bytes) continue;
    for (const needle of needles) if (bytes.includes(Buffer.from(needle))) hits.push(`${name}: ${needle}`);
  }
  return hits;
}

describe('AccountService.connect', () => {
  it('verifies first, then saves the credentials in the keychain and the profile in the settings', async () => {
    const { service, store, verify } = await setup();
    const result = await service.connect({ baseUrl: ' https://api.example.com/v2/ ', apiKey: ` ${KEY}\n`, apiSecret: SECRET, name: 'Main' });
    expect(verify.calls).toEqual([{ baseUrl: 'https://api.example.com/v2', credentials: { apiKey: KEY, apiSecret: SECRET } }]);
    const id = '00000000-0000-4000-8000-000000000001';
    expect(await store.get(id)).toEqual({ apiKey: KEY, apiSecret: SECRET });
    expect(result).toEqual({
      balances: BALANCES,
      warnings: [],
      status: {
        activeProfileId: id,
        demo: false,
        profiles: [{ id, name: 'Main', baseUrl: 'https://api.example.com/v2', keyHint: 'BBBB', lastVerifiedAt: 1_700_000_000_000, active: true, configured: true }],
      },
    });
    expect(await service.status()).toEqual(result.status);
  });

  it('passes on base URL warnings and leaves demo mode', async () => {
    const { service } = await setup();
    await service.setDemo(true);
    const result = await service.connect({ baseUrl: 'https://api.example.com', apiKey: KEY, apiSecret: SECRET });
    expect(result.warnings).toEqual([{ key: 'errors:url.noVersion' }]);
    expect(result.status.demo).toBe(false);
    expect(result.status.profiles[0]?.name).toBe('Default');
  });

  it('saves nothing when the service rejects the credentials, and rethrows its error', async () => {
    const { service, store, dir } = await setup();
    await expect(service.connect({ baseUrl: 'https://api.example.com/v2', apiKey: KEY, apiSecret: 'wrong-secret-123' })).rejects.toBeInstanceOf(AuthenticationFailed);
    expect(store.profileIds()).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
    expect((await service.status()).profiles).toEqual([]);
  });

  it.each([
    [{ apiKey: '' }, /Enter the API key/],
    [{ apiKey: '   ' }, /Enter the API key/],
    [{ apiKey: 'abc def-12345' }, /API key must not contain spaces or line breaks/],
    [{ apiSecret: 'line-one-1234\nline-two-5678' }, /API secret must not contain spaces or line breaks/],
    [{ apiSecret: 'tab\tinside-12345' }, /API secret must not contain spaces/],
    [{ apiKey: 'nul\u0000inside-1234' }, /API key contains control characters/],
    [{ apiKey: 'k3y-7' }, /API key is too short/],
    [{ apiKey: 'k'.repeat(257) }, /API key is too long/],
    [{ apiSecret: 's'.repeat(513) }, /API secret is too long/],
    [{ name: '  ' }, /Enter a name/],
    [{ name: 'n'.repeat(65) }, /profile name is too long/],
    [{ profileId: '00000000-0000-4000-8000-00000000dead' }, /profile does not exist/],
  ])('refuses %j before calling the service, without echoing values', async (override, message) => {
    const { service, verify, store } = await setup();
    const err = await service.connect({ baseUrl: 'https://api.example.com/v2', apiKey: KEY, apiSecret: SECRET, ...override }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidAccountInputError);
    expect((err as Error).message).toMatch(message);
    expect(toIpcError(err).code).toBe('invalid_input');
    for (const value of Object.values(override)) if (value.trim().length > 3) expect((err as Error).message).not.toContain(value.trim());
    expect(verify.calls).toEqual([]);
    expect(store.profileIds()).toEqual([]);
  });

  it('refuses an http base URL on a remote host before sending the key anywhere', async () => {
    const { service, verify } = await setup();
    await expect(service.connect({ baseUrl: 'http://api.example.com/v2', apiKey: KEY, apiSecret: SECRET })).rejects.toBeInstanceOf(InvalidBaseUrlError);
    expect(verify.calls).toEqual([]);
  });

  it('replaces a profile’s credentials in place, keeping its id and name', async () => {
    const { service, store, tick } = await setup();
    const first = await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET, name: 'Main' });
    const id = first.status.activeProfileId ?? '';
    tick(5_000);
    const second = await service.connect({ profileId: id, baseUrl: 'https://b.example.com/v2', apiKey: KEY2, apiSecret: SECRET2 });
    expect(second.status.profiles).toEqual([
      { id, name: 'Main', baseUrl: 'https://b.example.com/v2', keyHint: 'DDDD', lastVerifiedAt: 1_700_000_005_000, active: true, configured: true },
    ]);
    expect(await store.get(id)).toEqual({ apiKey: KEY2, apiSecret: SECRET2 });
  });

  it.each(['locked', 'denied', 'unavailable', 'failed'] as const)(
    'a keychain failure (%s) on replace leaves the previous credentials and the settings intact',
    async (kind) => {
      const { service, store, settingsFile } = await setup();
      const { status } = await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET, name: 'Main' });
      const id = status.activeProfileId ?? '';
      const fileBefore = await settingsFile();
      store.failNext(kind, 'set');
      const err = await service.connect({ profileId: id, baseUrl: 'https://b.example.com/v2', apiKey: KEY2, apiSecret: SECRET2 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(KeychainError);
      expect(err).toMatchObject({ kind });
      expect(await store.get(id)).toEqual({ apiKey: KEY, apiSecret: SECRET });
      expect(await settingsFile()).toBe(fileBefore);
    },
  );

  it('a keychain failure on a new profile creates no profile', async () => {
    const { service, store, dir } = await setup();
    store.failNext('unavailable');
    await expect(service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await readdir(dir)).toEqual([]);
    expect(store.profileIds()).toEqual([]);
  });

  it('restores the previous credentials when the settings cannot be written after the keychain was', async () => {
    const { service, store, settings } = await setup();
    const { status } = await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET });
    const id = status.activeProfileId ?? '';
    settings.failUpdates = true;
    await expect(service.connect({ profileId: id, baseUrl: 'https://a.example.com/v2', apiKey: KEY2, apiSecret: SECRET2 })).rejects.toBeInstanceOf(SettingsStorageError);
    expect(await store.get(id)).toEqual({ apiKey: KEY, apiSecret: SECRET });
    await expect(service.connect({ baseUrl: 'https://c.example.com/v2', apiKey: KEY2, apiSecret: SECRET2 })).rejects.toBeInstanceOf(SettingsStorageError);
    expect(store.profileIds()).toEqual([id]);
  });

  it('keeps keychain and settings consistent under concurrent replacements of one profile', async () => {
    const { service, store } = await setup();
    const { status } = await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET });
    const id = status.activeProfileId ?? '';
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        service.connect({ profileId: id, baseUrl: 'https://a.example.com/v2', ...(i % 2 ? { apiKey: KEY, apiSecret: SECRET } : { apiKey: KEY2, apiSecret: SECRET2 }) }),
      ),
    );
    const stored = await store.get(id);
    const hint = (await service.status()).profiles[0]?.keyHint;
    expect(stored?.apiKey.slice(-4)).toBe(hint);
  });
});

describe('AccountService profiles', () => {
  it('remove deletes the keychain entry but keeps the profile, not configured', async () => {
    const { service, store } = await setup();
    const { status } = await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET, name: 'Main' });
    const id = status.activeProfileId ?? '';
    const after = await service.remove(id);
    expect(after.profiles).toEqual([{ id, name: 'Main', baseUrl: 'https://a.example.com/v2', keyHint: null, lastVerifiedAt: null, active: true, configured: false }]);
    expect(store.profileIds()).toEqual([]);
    expect(await service.credentialsFor(id)).toBeNull();
    expect(await service.credentialsFor()).toBeNull();
  });

  it('remove leaves everything as it was when the keychain refuses', async () => {
    const { service, store, settingsFile } = await setup();
    const { status } = await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET });
    const id = status.activeProfileId ?? '';
    const before = await settingsFile();
    store.failNext('locked', 'delete');
    await expect(service.remove(id)).rejects.toMatchObject({ kind: 'locked' });
    expect(await settingsFile()).toBe(before);
    expect(await store.get(id)).not.toBeNull();
  });

  it('holds several profiles: the newest connected is active; setActive, rename and deleteProfile manage them', async () => {
    const { service, store } = await setup();
    const a = (await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET, name: 'Alpha' })).status.activeProfileId ?? '';
    const b = (await service.connect({ baseUrl: 'https://b.example.com/v2', apiKey: KEY2, apiSecret: SECRET2, name: 'Beta' })).status.activeProfileId ?? '';
    expect(a).not.toBe(b);
    expect((await service.status()).profiles.map((p) => [p.name, p.active])).toEqual([['Alpha', false], ['Beta', true]]);

    expect((await service.setActive(a)).activeProfileId).toBe(a);
    expect(await service.credentialsFor()).toMatchObject({ profile: { id: a }, credentials: { apiKey: KEY, apiSecret: SECRET } });
    expect(await service.credentialsFor(b)).toMatchObject({ profile: { id: b, baseUrl: 'https://b.example.com/v2' }, credentials: { apiKey: KEY2 } });

    await expect(service.rename(b, ' alpha ')).rejects.toThrow(/already exists/);
    expect((await service.rename(b, 'Gamma')).profiles.map((p) => p.name)).toEqual(['Alpha', 'Gamma']);
    await expect(service.connect({ baseUrl: 'https://c.example.com/v2', apiKey: KEY, apiSecret: SECRET, name: 'GAMMA' })).rejects.toThrow(/already exists/);

    const afterDelete = await service.deleteProfile(a);
    expect(afterDelete.profiles.map((p) => p.id)).toEqual([b]);
    expect(afterDelete.activeProfileId).toBe(b);
    expect(store.profileIds()).toEqual([b]);
    expect((await service.deleteProfile(b)).activeProfileId).toBeNull();
    await expect(service.setActive(b)).rejects.toBeInstanceOf(InvalidAccountInputError);
    await expect(service.remove(b)).rejects.toBeInstanceOf(InvalidAccountInputError);
  });

  it('gives a free default name to unnamed profiles', async () => {
    const { service } = await setup();
    await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET });
    const { status } = await service.connect({ baseUrl: 'https://b.example.com/v2', apiKey: KEY2, apiSecret: SECRET2 });
    expect(status.profiles.map((p) => p.name)).toEqual(['Default', 'Default 2']);
  });

  it('credentialsFor re-checks a hand-edited base URL before handing out the key', async () => {
    const { service, dir } = await setup();
    const { status } = await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET });
    const file = join(dir, 'settings.json');
    const edited = JSON.parse(await readFile(file, 'utf8')) as Settings;
    edited.profiles[0] = { ...(edited.profiles[0] as Settings['profiles'][number]), baseUrl: 'http://attacker.example.com/v2' };
    await writeFile(file, JSON.stringify(edited));
    await expect(service.credentialsFor(status.activeProfileId ?? '')).rejects.toBeInstanceOf(InvalidBaseUrlError);
  });

  it('never writes the secret or the full key to any file, and never returns them from status', async () => {
    const { service, dir, settings } = await setup();
    const { status } = await service.connect({ baseUrl: 'https://a.example.com/v2', apiKey: KEY, apiSecret: SECRET, name: 'Main' });
    await service.connect({ baseUrl: 'https://b.example.com/v2', apiKey: KEY2, apiSecret: SECRET2 });
    await service.rename(status.activeProfileId ?? '', 'Renamed');
    await settings.update((s) => ({ ...s, pollIntervalSeconds: 300 }));
    expect(await filesContain(dir, [KEY, SECRET, KEY2, SECRET2])).toEqual([]);
    const shown = JSON.stringify(await service.status());
    for (const value of [KEY, SECRET, KEY2, SECRET2]) expect(shown).not.toContain(value);
  });
});
