import type { KeychainErrorKind } from './credential-store.ts';

/**
 * Texts that keytar passes through from libsecret/D-Bus (Linux), the Security
 * framework (macOS) and the Credential Manager (Windows). The Linux ones were
 * taken from real runs: no session bus, a bus address pointing nowhere, a bus
 * without a Secret Service, a missing login collection and a locked collection.
 */
const PATTERNS: ReadonlyArray<readonly [RegExp, KeychainErrorKind]> = [
  [/locked collection|collection is locked|is locked|user interaction is not allowed/i, 'locked'],
  // The default ("login") collection does not exist yet: the user has to create/unlock it.
  [/object does not exist at path .*collection/i, 'locked'],
  [
    /prompt (was )?dismissed|user canceled|user cancelled|accessdenied|access denied|not authorized|passphrase you entered is not correct/i,
    'denied',
  ],
  [
    new RegExp(
      [
        'org\\.freedesktop\\.secrets',
        'not provided by any \\.service files',
        'serviceunknown',
        'cannot autolaunch d-bus',
        'could not connect',
        'connection refused',
        'dbus_session_bus_address',
        'no such file or directory',
        'no keychain could be found',
        'not activatable',
        'failed to execute program',
      ].join('|'),
      'i',
    ),
    'unavailable',
  ],
];

export function keychainErrorKind(err: unknown): KeychainErrorKind {
  const text = err instanceof Error ? err.message : String(err);
  for (const [pattern, kind] of PATTERNS) if (pattern.test(text)) return kind;
  return 'failed';
}
