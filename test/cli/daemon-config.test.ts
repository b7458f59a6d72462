import { beforeEach, describe, expect, it } from 'vitest';
import { KeychainError, type CredentialStore } from '../../src/core/credentials/credential-store.ts';
import { MemoryCredentialStore } from '../../src/core/credentials/memory-store.ts';
import { NODE_KEY_ENTRY } from '../../src/core/credentials/node-key-store.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { resolveDaemonConfig } from '../../src/cli/daemon/daemon-config.ts';
import { CliError } from '../../src/cli/cli-error.ts';
import { ADDRESS } from './run-cli.ts';
import { tempDir } from '../support/temp-dir.ts';

const ID = '3c2b1a09-8f7e-4d6c-9b5a-0f1e2d3c4b5a';
const EMPTY_ID = '4d3c2b1a-9f8e-4e7d-8c6b-1a2b3c4d5e6f';
const BASE = 'http://127.0.0.1:9/v2';
const CREDS = { apiKey: 'config-key-123456', apiSecret: 'config-secret-123456' };

let settings: SettingsStore;
beforeEach(async () => {
  settings = new SettingsStore({ dir: tempDir('daemon-config') });
  await settings.update((s) => ({
    ...s,
    profiles: [
      { id: ID, name: 'Server', baseUrl: BASE, keyHint: null, lastVerifiedAt: null },
      { id: EMPTY_ID, name: 'Empty', baseUrl: BASE, keyHint: null, lastVerifiedAt: null },
    ],
    activeProfileId: ID,
    nodeUrl: 'http://127.0.0.1:8/',
    wallets: [{ id: 'w1', profileId: ID, address: ADDRESS, label: 'Payroll', plan: 'holder', exactRecipient: null, exactEnergy: null, topUpTransfers: 2 }],
  }));
});

/** A keychain that fails every call with `kind`, counting the calls. */
function brokenKeychain(kind: 'locked' | 'unavailable'): CredentialStore & { calls: number } {
  const store = {
    calls: 0,
    get: async () => {
      store.calls++;
      throw new KeychainError(kind);
    },
    set: async () => undefined,
    delete: async () => false,
  };
  return store;
}

async function failure(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  const err = await promise.catch((e: unknown) => e);
  if (!(err instanceof CliError)) throw new Error(`expected a CliError, got ${String(err)}`);
  return { code: err.exitCode, message: err.message };
}

const resolve = (keychain: CredentialStore, env: Record<string, string> = {}, profileName?: string, baseUrlFlag?: string) =>
  resolveDaemonConfig({ env, baseUrlFlag, profileName, settings, keychain });

describe('what the daemon runs (resolveDaemonConfig)', () => {
  it('reads the profile’s credentials from the keychain, and the node key from the environment for the configured node', async () => {
    const keychain = new MemoryCredentialStore();
    await keychain.set(ID, CREDS);
    const config = await resolve(keychain, { ENERGY_TRAY_NODE_API_KEY: 'node-key-abcdef12' });
    expect(config).toMatchObject({ profile: { id: ID }, baseUrl: BASE, credentialsFrom: 'keychain', wallets: 1 });
    expect(await config.store.get(ID)).toEqual(CREDS);
    expect(await config.store.get(NODE_KEY_ENTRY)).toEqual({ apiKey: 'http://127.0.0.1:8', apiSecret: 'node-key-abcdef12' });
    expect(config.secrets).toEqual([CREDS.apiKey, CREDS.apiSecret, 'node-key-abcdef12']);
    await expect(config.store.set(ID, CREDS)).rejects.toThrow(/does not change saved credentials/);
  });

  it('with environment credentials never touches the keychain (a system service has none) and may use another address', async () => {
    const keychain = brokenKeychain('unavailable');
    const env = { ENERGY_TRAY_API_KEY: CREDS.apiKey, ENERGY_TRAY_API_SECRET: CREDS.apiSecret, ENERGY_TRAY_BASE_URL: 'http://127.0.0.1:7/v2' };
    const config = await resolve(keychain, env);
    expect(config).toMatchObject({ credentialsFrom: 'env', baseUrl: 'http://127.0.0.1:7/v2' });
    expect(await config.store.get(ID)).toEqual(CREDS);
    expect(await config.store.get(NODE_KEY_ENTRY)).toBeNull();
    expect(keychain.calls).toBe(0);
  });

  it('a locked keychain: exit 12, with the way round it', async () => {
    expect(await failure(resolve(brokenKeychain('locked')))).toEqual({ code: 12, message: expect.stringMatching(/keychain is locked.*set ENERGY_TRAY_API_KEY and ENERGY_TRAY_API_SECRET/) });
  });

  it('no credentials anywhere: exit 11; no active profile or an unknown one: exit 10; no watched wallets: exit 14', async () => {
    expect(await failure(resolve(new MemoryCredentialStore()))).toEqual({ code: 11, message: expect.stringContaining('No credentials for profile "Server": none in the keychain') });
    expect(await failure(resolve(new MemoryCredentialStore(), {}, 'Other'))).toEqual({ code: 10, message: expect.stringContaining('saved: "Server", "Empty"') });
    await settings.update((s) => ({ ...s, activeProfileId: null }));
    expect(await failure(resolve(new MemoryCredentialStore()))).toEqual({ code: 10, message: expect.stringContaining('No active profile: pass --profile NAME') });
    expect(await failure(resolve(new MemoryCredentialStore(), {}, 'empty'))).toEqual({ code: 14, message: expect.stringContaining('Profile "Empty" watches no wallets') });
  });

  it('never sends saved credentials to another address than their profile’s (exit 13), and reads no keychain for it', async () => {
    const keychain = brokenKeychain('locked');
    const refused = await failure(resolve(keychain, {}, undefined, 'http://127.0.0.1:6/v2'));
    expect(refused).toEqual({ code: 13, message: expect.stringContaining('so its key and secret are not sent to http://127.0.0.1:6/v2') });
    expect(keychain.calls).toBe(0);
  });
});
