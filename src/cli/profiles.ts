import type { Profile } from '../core/settings/settings-schema.ts';
import type { SettingsStore } from '../core/settings/settings-store.ts';

/** The profile named by --profile (names are unique regardless of case), else the active one. */
export async function chosenProfile(settings: SettingsStore, name: string | undefined): Promise<Profile | undefined> {
  const { settings: s } = await settings.load();
  if (name !== undefined) {
    const wanted = name.trim().toLowerCase();
    return s.profiles.find((p) => p.name.toLowerCase() === wanted);
  }
  return s.profiles.find((p) => p.id === s.activeProfileId);
}
