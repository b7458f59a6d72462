import type { KeychainError } from '../core/credentials/credential-store.ts';
import { t, words } from './i18n.ts';

/**
 * KeychainError's text is written for the app ("keeps working in demo mode");
 * the CLI has no demo mode, but environment credentials work without any
 * keychain, so that is what it suggests instead, after the reason alone.
 */
export function cliKeychainMessage(err: KeychainError): string {
  return t('notes.keychainAdvice', { reason: words(err.reason) });
}
