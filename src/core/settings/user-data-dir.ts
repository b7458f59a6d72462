import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';

export const APP_NAME = 'Energy Tray';

export interface UserDataDirInput {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
}

/**
 * The folder Electron's app.getPath('userData') gives for "Energy Tray", so the
 * app and the CLI (which has no Electron) share one settings file.
 * ENERGY_TRAY_USER_DATA overrides it for tests and portable use.
 */
export function resolveUserDataDir({ platform, env, homedir: home }: UserDataDirInput): string {
  const override = env['ENERGY_TRAY_USER_DATA'];
  if (override) return override;
  if (platform === 'win32') return win32.join(env['APPDATA'] || win32.join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_NAME);
  // Chromium takes XDG_CONFIG_HOME when it is set and non-empty, else ~/.config.
  return posix.join(env['XDG_CONFIG_HOME'] || posix.join(home, '.config'), APP_NAME);
}

export function userDataDir(): string {
  return resolveUserDataDir({ platform: process.platform, env: process.env, homedir: homedir() });
}

/** A profile's own folder (its order store): <userData>/profiles/<id>. */
export const profileDataDir = (userData: string, profileId: string): string => join(userData, 'profiles', profileId);

/**
 * Where the CLI journals orders placed with credentials from the environment
 * for an address no saved profile was chosen for (no profile owns them).
 */
export const unprofiledOrdersDir = (userData: string): string => join(userData, 'cli-orders');
