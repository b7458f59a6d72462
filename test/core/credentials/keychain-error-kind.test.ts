import { describe, expect, it } from 'vitest';
import { keychainErrorKind } from '../../../src/core/credentials/keychain-error-kind.ts';

describe('keychainErrorKind', () => {
  // Texts observed from keytar 7.9 on Linux (libsecret) unless marked otherwise.
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'unavailable'],
    ['Could not connect: No such file or directory', 'unavailable'],
    ['Could not connect: Connection refused', 'unavailable'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'unavailable'],
    ['GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name is not activatable', 'unavailable'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'locked'],
    ['User interaction is not allowed.', 'locked'], // macOS, keychain locked and no UI
    ['Prompt dismissed', 'denied'],
    ['User canceled the operation.', 'denied'], // macOS
    ['GDBus.Error:org.freedesktop.DBus.Error.AccessDenied: Rejected', 'denied'],
    ['Something unexpected', 'failed'],
    ['', 'failed'],
  ] as const)('%j → %s', (message, kind) => {
    expect(keychainErrorKind(new Error(message))).toBe(kind);
  });

  it('accepts values that are not Error objects', () => {
    expect(keychainErrorKind('Cannot create an item in a locked collection')).toBe('locked');
    expect(keychainErrorKind(undefined)).toBe('failed');
  });
});
