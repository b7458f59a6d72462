import { describe, expect, it } from 'vitest';
import { InvalidAccountInputError } from '../../../src/core/credentials/account-input.ts';
import { KeychainError } from '../../../src/core/credentials/credential-store.ts';
import { MemoryCredentialStore } from '../../../src/core/credentials/memory-store.ts';
import { NODE_KEY_ENTRY, NodeKeyStore } from '../../../src/core/credentials/node-key-store.ts';

const KEY = '3f1c0b7e-8d5a-4c2e-9b61-0a7d2e4f9c13';

describe('the TRON node provider key in the keychain', () => {
  it('is saved with the node it belongs to and handed out only for that node', async () => {
    const store = new MemoryCredentialStore();
    const keys = new NodeKeyStore(store);
    expect(await keys.keyFor('https://api.trongrid.io')).toBeUndefined();
    expect(await keys.set('https://api.trongrid.io', `  ${KEY}\n`)).toBe(KEY);
    expect(store.profileIds()).toEqual([NODE_KEY_ENTRY]);
    expect(await keys.keyFor('https://api.trongrid.io')).toBe(KEY);
    expect(await keys.keyFor('https://node.example.com')).toBeUndefined();
    expect(await keys.delete()).toBe(true);
    expect(await keys.get()).toBeNull();
  });

  it('refuses a malformed key without naming it, and passes keychain failures on', async () => {
    const store = new MemoryCredentialStore();
    const keys = new NodeKeyStore(store);
    const err = await keys.set('https://api.trongrid.io', 'two keys\npasted').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidAccountInputError);
    expect((err as Error).message).toBe("The TRON node provider's API key must not contain spaces or line breaks.");
    expect(store.profileIds()).toEqual([]);
    store.failNext('locked', 'get');
    await expect(keys.keyFor('https://api.trongrid.io')).rejects.toBeInstanceOf(KeychainError);
  });
});
