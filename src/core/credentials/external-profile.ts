import { randomUUID } from 'node:crypto';
import { msg } from '../../shared/i18n/message.ts';
import { normalizeBaseUrl } from '../settings/base-url.ts';
import type { Profile } from '../settings/settings-schema.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { checkProfileName, InvalidAccountInputError } from './account-input.ts';

/**
 * A profile whose key and secret live outside Energy Tray: in a server's
 * environment or its systemd credentials, handed to every run. Saved after
 * the service accepted them, like a login, but without them: no keychain
 * entry and no key hint (the hint says a key is saved), so nothing of the
 * credentials is written anywhere. It becomes the active profile.
 */
export async function saveExternalProfile(
  settings: SettingsStore,
  input: { name: string; baseUrl: string; verifiedAt: number; newId?: () => string },
): Promise<Profile> {
  const name = checkProfileName(input.name);
  const { url } = normalizeBaseUrl(input.baseUrl);
  const profile: Profile = { id: (input.newId ?? randomUUID)(), name, baseUrl: url, keyHint: null, lastVerifiedAt: input.verifiedAt };
  await settings.update((s) => {
    if (s.profiles.some((p) => p.name.toLowerCase() === name.toLowerCase())) {
      throw new InvalidAccountInputError('name', msg('errors:account.nameTaken', { name: { name } }));
    }
    return { ...s, profiles: [...s.profiles, profile], activeProfileId: profile.id, demo: false };
  });
  return profile;
}
