import { KeychainError } from '../../core/credentials/credential-store.ts';
import { ProfileLockedError } from '../../core/settings/profile-lock.ts';
import { cliKeychainMessage } from '../keychain-message.ts';
import { words } from '../i18n.ts';
import { daemonError } from './daemon-exit.ts';

/** Opening the profile failed: the lock (who holds it, in the chosen language) or the keychain say what to fix; anything else is a bug. */
export function startFailure(err: unknown): unknown {
  if (err instanceof ProfileLockedError) return daemonError('profileLocked', words(err.text));
  if (err instanceof KeychainError) return daemonError('keychain', cliKeychainMessage(err));
  return err;
}
