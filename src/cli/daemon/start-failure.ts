import { hostname } from 'node:os';
import { KeychainError } from '../../core/credentials/credential-store.ts';
import { ProfileLockedError } from '../../core/settings/profile-lock.ts';
import { cliKeychainMessage } from '../keychain-message.ts';
import { t } from '../i18n.ts';
import { daemonError } from './daemon-exit.ts';

/** Who holds the profile, in the chosen language (the core's error keeps its English for the app's log). */
function lockedText(err: ProfileLockedError): string {
  const { holder, lockFile: file } = err;
  if (holder === null) return t('daemon.opening', { file });
  const where = holder.host === hostname() ? '' : t('daemon.onHost', { host: holder.host });
  return t('daemon.locked', { program: holder.program, pid: holder.pid, where, since: new Date(holder.since).toISOString(), file });
}

/** Opening the profile failed: the lock or the keychain say what to fix; anything else is a bug. */
export function startFailure(err: unknown): unknown {
  if (err instanceof ProfileLockedError) return daemonError('profileLocked', lockedText(err));
  if (err instanceof KeychainError) return daemonError('keychain', cliKeychainMessage(err));
  return err;
}
