import type { KeychainError } from '../core/credentials/credential-store.ts';
import { t } from './i18n.ts';

const APP_ONLY_SENTENCE = /\s*Energy Tray keeps working in demo mode[^.]*\./;

/**
 * KeychainError's text is written for the app ("keeps working in demo mode");
 * the CLI has no demo mode, but environment credentials work without any
 * keychain, so that is what it suggests instead.
 */
export function cliKeychainMessage(err: KeychainError): string {
  const reason = err.message.replace(APP_ONLY_SENTENCE, '');
  return t('notes.keychainAdvice', { reason });
}
