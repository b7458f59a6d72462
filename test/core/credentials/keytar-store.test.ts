import { describe, expect, it } from 'vitest';
import { KeychainError } from '../../../src/core/credentials/credential-store.ts';
import { KeytarStore, parseStoredCredentials } from '../../../src/core/credentials/keytar-store.ts';

// The keychain itself is exercised in keytar-store.integration.test.ts; these
// cover what the adapter does around it without a Secret Service.
describe('KeytarStore when the native module cannot load', () => {
  it('reports unavailable with the install hint on every operation, so the app can stay in demo mode', async () => {
    let loads = 0;
    const store = new KeytarStore({
      platform: 'linux',
      load: async () => {
        loads++;
        throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory');
      },
    });
    for (const op of [() => store.get('p'), () => store.set('p', { apiKey: 'key-12345678', apiSecret: 'secret-12345678' }), () => store.delete('p')]) {
      const err = await op().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(KeychainError);
      expect(err).toMatchObject({ kind: 'unavailable' });
      expect((err as Error).message).toContain('No Secret Service found');
      expect((err as Error).message).toContain('gnome-keyring');
      expect((err as Error).message).not.toContain('secret-12345678');
    }
    expect(loads).toBe(3);
  });
});

describe('parseStoredCredentials', () => {
  it('reads the stored JSON shape', () => {
    expect(parseStoredCredentials('{"apiKey":"k1234567","apiSecret":"s1234567"}')).toEqual({ apiKey: 'k1234567', apiSecret: 's1234567' });
  });

  it.each(['plain-secret-value', '{"apiKey":"k-hidden"}', '{"apiKey":1,"apiSecret":"s-hidden"}', '{"apiKey":"","apiSecret":"s-hidden"}', '"s-hidden"', 'null', '[]'])(
    'calls %j a damaged entry without echoing it',
    (stored) => {
      const err = (() => {
        try {
          parseStoredCredentials(stored, 'linux');
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(KeychainError);
      expect(err).toMatchObject({ kind: 'failed', damagedEntry: true });
      expect((err as Error).message).toMatch(/damaged/);
      expect((err as Error).message).not.toMatch(/hidden|plain-secret/);
    },
  );
});
