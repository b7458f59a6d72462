import { describe, expect, it } from 'vitest';
import { KeychainError } from '../../../src/core/credentials/credential-store.ts';
import { MemoryCredentialStore } from '../../../src/core/credentials/memory-store.ts';

const creds = { apiKey: 'key-12345678', apiSecret: 'secret-12345678' };

describe('MemoryCredentialStore', () => {
  it('stores, replaces and deletes per profile', async () => {
    const store = new MemoryCredentialStore();
    expect(await store.get('a')).toBeNull();
    await store.set('a', creds);
    await store.set('b', { ...creds, apiKey: 'other-key-1234' });
    await store.set('a', { ...creds, apiSecret: 'new-secret-1234' });
    expect(await store.get('a')).toEqual({ ...creds, apiSecret: 'new-secret-1234' });
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(store.profileIds()).toEqual(['b']);
  });

  it('failNext fails exactly one matching call with the given kind and changes nothing', async () => {
    const store = new MemoryCredentialStore();
    await store.set('a', creds);
    store.failNext('locked', 'set');
    expect(await store.get('a')).toEqual(creds); // a get is not the targeted operation
    await expect(store.set('a', { ...creds, apiSecret: 'x-12345678' })).rejects.toMatchObject({ kind: 'locked' });
    expect(await store.get('a')).toEqual(creds);
    store.failNext('unavailable');
    await expect(store.delete('a')).rejects.toBeInstanceOf(KeychainError);
    expect(await store.delete('a')).toBe(true);
  });
});
