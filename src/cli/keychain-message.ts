import type { KeychainError } from '../core/credentials/credential-store.ts';

const APP_ONLY_SENTENCE = /\s*Energy Tray keeps working in demo mode[^.]*\./;

/**
 * KeychainError's text is written for the app ("keeps working in demo mode");
 * the CLI has no demo mode, but environment credentials work without any
 * keychain, so that is what it suggests instead.
 */
export function cliKeychainMessage(err: KeychainError): string {
  const reason = err.message.replace(APP_ONLY_SENTENCE, '');
  return (
    `${reason} The CLI never stores the secret in a plain file; ` +
    'to use it without a keychain, set ENERGY_TRAY_API_KEY and ENERGY_TRAY_API_SECRET (and ENERGY_TRAY_BASE_URL or --base-url).'
  );
}
