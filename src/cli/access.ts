import type { AccountService } from '../core/credentials/account-service.ts';
import { KeychainError } from '../core/credentials/credential-store.ts';
import { normalizeBaseUrl } from '../core/settings/base-url.ts';
import type { SettingsStore } from '../core/settings/settings-store.ts';
import { CliError, LOGIN_HINT, usageError } from './cli-error.ts';
import { cliKeychainMessage } from './keychain-message.ts';
import { chosenProfile } from './profiles.ts';

export const ENV_KEY = 'ENERGY_TRAY_API_KEY';
export const ENV_SECRET = 'ENERGY_TRAY_API_SECRET';
export const ENV_BASE_URL = 'ENERGY_TRAY_BASE_URL';
export const ENV_TIMEOUT = 'ENERGY_TRAY_TIMEOUT_MS';

export type Env = Readonly<Record<string, string | undefined>>;

/** What a service call needs. Held only for the life of one command. */
export interface Access {
  baseUrl: string;
  apiKey: string;
  secret: string;
  source: 'env' | 'keychain';
}

export interface AccessInput {
  env: Env;
  baseUrlFlag: string | undefined;
  profileName: string | undefined;
  settings: SettingsStore;
  accounts: () => AccountService;
}

const envValue = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

function loginHint(profileName: string | undefined): string {
  return profileName === undefined ? LOGIN_HINT : `${LOGIN_HINT} --profile ${JSON.stringify(profileName)}`;
}

/** --base-url, then ENERGY_TRAY_BASE_URL, then the saved profile's; normalised (https unless loopback). */
function pickBaseUrl(input: AccessInput, saved: string | undefined): string {
  const chosen = input.baseUrlFlag ?? envValue(input.env, ENV_BASE_URL) ?? saved;
  if (chosen === undefined) {
    throw usageError(`No service address: pass --base-url URL, set ${ENV_BASE_URL}, or log in (${LOGIN_HINT} --base-url URL).`);
  }
  return normalizeBaseUrl(chosen).url;
}

/**
 * Environment credentials (both variables) win; otherwise the keychain entry
 * the app saved for the chosen profile. With neither: exit 3 and say how to
 * log in.
 */
export async function resolveAccess(input: AccessInput): Promise<Access> {
  const apiKey = envValue(input.env, ENV_KEY);
  const secret = envValue(input.env, ENV_SECRET);
  if (apiKey !== undefined && secret !== undefined) {
    // The settings file is read only when neither the flag nor the variable names an address.
    const explicit = input.baseUrlFlag !== undefined || envValue(input.env, ENV_BASE_URL) !== undefined;
    const saved = explicit ? undefined : (await chosenProfile(input.settings, input.profileName))?.baseUrl;
    return { baseUrl: pickBaseUrl(input, saved), apiKey, secret, source: 'env' };
  }
  if (apiKey !== undefined || secret !== undefined) {
    const missing = apiKey === undefined ? ENV_KEY : ENV_SECRET;
    throw new CliError(`${missing} is not set: set both ${ENV_KEY} and ${ENV_SECRET}, or neither to use the saved login.`, 3);
  }
  const profile = await chosenProfile(input.settings, input.profileName);
  if (!profile) {
    const which = input.profileName === undefined ? 'No saved login' : `No saved profile named ${JSON.stringify(input.profileName)}`;
    throw new CliError(`${which} and no ${ENV_KEY}/${ENV_SECRET} in the environment. Log in with: ${loginHint(input.profileName)}`, 3);
  }
  let found;
  try {
    found = await input.accounts().credentialsFor(profile.id);
  } catch (err) {
    if (err instanceof KeychainError) throw new CliError(cliKeychainMessage(err), 3);
    throw err;
  }
  if (!found) {
    throw new CliError(`No credentials are stored for profile ${JSON.stringify(profile.name)}. Log in with: ${loginHint(input.profileName)}`, 3);
  }
  return {
    baseUrl: pickBaseUrl(input, found.profile.baseUrl),
    apiKey: found.credentials.apiKey,
    secret: found.credentials.apiSecret,
    source: 'keychain',
  };
}
