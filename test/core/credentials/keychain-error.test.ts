import { describe, expect, it } from 'vitest';
import { KeychainError } from '../../../src/core/credentials/credential-store.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';

describe('KeychainError', () => {
  it('tells a Linux user without a Secret Service what to install', () => {
    const err = new KeychainError('unavailable', { platform: 'linux' });
    expect(err.message).toContain('No Secret Service found: install and start gnome-keyring (or KWallet) and log in to a desktop session');
    expect(toIpcError(err)).toEqual({ code: 'keychain', message: err.message, key: err.key, values: err.values });
  });

  it.each(['linux', 'darwin', 'win32'] as const)('tells a %s user with a locked keychain to unlock it', (platform) => {
    const err = new KeychainError('locked', { platform });
    expect(err.message).toMatch(/unlock your (keyring|login keychain)/);
    expect(toIpcError(err).code).toBe('keychain');
  });

  it('has a distinct message per kind and keeps the cause out of the message', () => {
    const cause = new Error('raw native text with key-abcdef');
    const messages = (['unavailable', 'locked', 'denied', 'failed'] as const).map((kind) => {
      const err = new KeychainError(kind, { platform: 'linux', cause });
      expect(err.kind).toBe(kind);
      expect(err.cause).toBe(cause);
      expect(err.message).not.toContain('key-abcdef');
      return err.message;
    });
    expect(new Set(messages).size).toBe(4);
  });
});
