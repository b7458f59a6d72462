import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { KeychainError } from '../../../src/core/credentials/credential-store.ts';
import { KeytarStore, loadKeytar } from '../../../src/core/credentials/keytar-store.ts';

/**
 * The real OS keychain. `npm test` runs inside scripts/with-keyring.sh, which
 * starts a private D-Bus session with an unlocked throw-away gnome-keyring and
 * sets ENERGY_TRAY_SECRET_SERVICE=1. On a developer machine without one, the
 * suite is skipped with the reason below; in CI (CI=true) it always runs.
 */
const secretService = process.env['ENERGY_TRAY_SECRET_SERVICE'] === '1';
const inCi = process.env['CI'] === 'true';
const runKeychain = secretService || inCi;
const why = 'no Secret Service: run through `bash scripts/with-keyring.sh npx vitest run …` (set CI=true to force)';

const probe = join(import.meta.dirname, '../../support/keychain-probe.ts');
const run = promisify(execFile);

const services: string[] = [];
function uniqueStore(): { store: KeytarStore; service: string } {
  const service = `Energy Tray test ${randomUUID()}`;
  services.push(service);
  return { store: new KeytarStore({ service }), service };
}

const alice = { apiKey: 'alice-key-9f3a1c2b', apiSecret: 'alice-secret-7d44e0aa91' };
const bob = { apiKey: 'bob-key-51c0de77', apiSecret: 'bob-secret-0b8ef1c2d3' };

describe.skipIf(!runKeychain)(`KeytarStore against the real keychain${runKeychain ? '' : ` (skipped: ${why})`}`, () => {
  const created: Array<{ store: KeytarStore; id: string }> = [];
  afterEach(async () => {
    for (const { store, id } of created.splice(0)) await store.delete(id).catch(() => undefined);
  });
  function track(store: KeytarStore, id: string): string {
    created.push({ store, id });
    return id;
  }

  it('has a Secret Service to talk to (CI must provide one)', async () => {
    const { store } = uniqueStore();
    const id = track(store, randomUUID());
    await expect(store.set(id, alice), `${why}; CI=${String(inCi)}`).resolves.toBeUndefined();
  });

  it('saves and reads back one entry per profile, as JSON {apiKey, apiSecret}', async () => {
    const { store, service } = uniqueStore();
    const a = track(store, randomUUID());
    const b = track(store, randomUUID());
    await store.set(a, alice);
    await store.set(b, bob);
    expect(await store.get(a)).toEqual(alice);
    expect(await store.get(b)).toEqual(bob);
    const raw = await (await loadKeytar()).getPassword(service, a);
    expect(JSON.parse(raw ?? 'null')).toEqual(alice);
  });

  it('reads null for a profile with no entry and never sees another service’s entries', async () => {
    const { store } = uniqueStore();
    const other = uniqueStore().store;
    const id = track(store, randomUUID());
    await store.set(id, alice);
    expect(await other.get(id)).toBeNull();
    expect(await store.get(randomUUID())).toBeNull();
  });

  it('replaces an entry; a set followed at once by a get sees the new value', async () => {
    const { store } = uniqueStore();
    const id = track(store, randomUUID());
    await store.set(id, alice);
    const [, read] = await Promise.all([store.set(id, bob), store.get(id)]);
    expect(read).toEqual(bob);
    expect(await store.get(id)).toEqual(bob);
  });

  it('deletes an entry, and reports false for a missing one', async () => {
    const { store } = uniqueStore();
    const id = track(store, randomUUID());
    await store.set(id, alice);
    expect(await store.delete(id)).toBe(true);
    expect(await store.get(id)).toBeNull();
    expect(await store.delete(id)).toBe(false);
    expect(await store.delete(randomUUID())).toBe(false);
  });

  it('reports a damaged entry as KeychainError failed without echoing it', async () => {
    const { store, service } = uniqueStore();
    const id = track(store, randomUUID());
    for (const damaged of ['not json at all s3cr3t', '{"apiKey":"k-s3cr3t"}', '["s3cr3t"]', 'null']) {
      await (await loadKeytar()).setPassword(service, id, damaged);
      const err = await store.get(id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(KeychainError);
      expect(err).toMatchObject({ kind: 'failed', damagedEntry: true });
      expect((err as Error).message).toMatch(/damaged/);
      expect((err as Error).message).not.toMatch(/s3cr3t|null/);
    }
    await store.set(id, alice);
    expect(await store.get(id)).toEqual(alice);
  });
});

describe.runIf(process.platform === 'linux')('KeytarStore without a Secret Service', () => {
  it.each(['get', 'set', 'delete'])('%s reports KeychainError unavailable with the install hint', async (operation) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=/nonexistent/energy-tray-${randomUUID()}/bus` };
    delete env['DISPLAY'];
    const { stdout } = await run(process.execPath, [probe, `Energy Tray test ${randomUUID()}`, operation, randomUUID()], { env, timeout: 15_000 });
    const outcome = JSON.parse(stdout) as { ok: boolean; error?: { name: string; kind: string; message: string; ipc: unknown } };
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatchObject({ name: 'KeychainError', kind: 'unavailable', ipc: { code: 'keychain' } });
    expect(outcome.error?.message).toContain('No Secret Service found: install and start gnome-keyring (or KWallet) and log in to a desktop session');
    expect(outcome.error?.message).not.toMatch(/probe-(key|secret)/);
  });
});

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const keyringTools = ['dbus-run-session', 'gnome-keyring-daemon', 'dbus-send'].every(onPath);
const withKeyring = join(import.meta.dirname, '../../../scripts/with-keyring.sh');

describe.runIf(process.platform === 'linux' && (keyringTools || inCi))('KeytarStore with a locked keyring', () => {
  it('reports KeychainError locked with the unlock hint', async () => {
    // A private keyring of its own (nested with-keyring.sh), locked over D-Bus before the probe runs.
    const lockThenProbe =
      'dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets ' +
      'org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null && exec "$@"';
    const { stdout } = await run(
      'bash',
      [withKeyring, 'bash', '-c', lockThenProbe, 'lock', process.execPath, probe, `Energy Tray test ${randomUUID()}`, 'set', randomUUID()],
      { timeout: 30_000 },
    );
    const outcome = JSON.parse(stdout) as { ok: boolean; error?: { kind: string; message: string; ipc: unknown } };
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatchObject({ kind: 'locked', ipc: { code: 'keychain' } });
    expect(outcome.error?.message).toContain('unlock your keyring');
  });
});
