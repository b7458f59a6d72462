import type { AccountService } from '../core/credentials/account-service.ts';
import { KeychainError } from '../core/credentials/credential-store.ts';
import { normalizeBaseUrl } from '../core/settings/base-url.ts';
import type { Profile } from '../core/settings/settings-schema.ts';
import type { SettingsStore } from '../core/settings/settings-store.ts';
import { CliError, loginHint, usageError } from './cli-error.ts';
import { EXIT } from './exit-codes.ts';
import { cliKeychainMessage } from './keychain-message.ts';
import { commandLine } from './program.ts';
import { chosenProfile } from './profiles.ts';
import { t } from './i18n.ts';
import { ENV_BASE_URL, ENV_KEY, ENV_SECRET } from './env-names.ts';

export { ENV_BASE_URL, ENV_KEY, ENV_SECRET, ENV_TIMEOUT } from './env-names.ts';

export type Env = Readonly<Record<string, string | undefined>>;

export type BaseUrlSource = 'flag' | 'env' | 'profile';

/** The service address a command would use, normalised (https unless loopback), and where it came from. */
export interface ChosenBaseUrl {
  url: string;
  source: BaseUrlSource;
}

/** What a service call needs. Held only for the life of one command. */
export interface Access extends ChosenBaseUrl {
  apiKey: string;
  secret: string;
  credentials: 'env' | 'keychain';
  /** The saved profile whose address or credentials are used, if any. */
  profileName: string | undefined;
  /** Its id: its orders are journaled in that profile's order store. */
  profileId: string | undefined;
}

export interface AccessInput {
  env: Env;
  baseUrlFlag: string | undefined;
  profileName: string | undefined;
  settings: SettingsStore;
  accounts: () => AccountService;
}

export const envValue = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

export const envCredentialsSet = (env: Env): boolean => envValue(env, ENV_KEY) !== undefined && envValue(env, ENV_SECRET) !== undefined;

/** "--base-url", "ENERGY_TRAY_BASE_URL" or "the saved profile "Work"". */
export function sourceText(chosen: ChosenBaseUrl, profileName: string | undefined): string {
  if (chosen.source === 'flag') return '--base-url';
  if (chosen.source === 'env') return ENV_BASE_URL;
  return t('access.savedProfile', { name: JSON.stringify(profileName ?? '') });
}

function loginHintFor(profileName: string | undefined): string {
  return profileName === undefined ? loginHint() : `${loginHint()} --profile ${JSON.stringify(profileName)}`;
}

/** --base-url, then ENERGY_TRAY_BASE_URL, then the profile's saved address; undefined when none is known. */
export function chooseBaseUrl(input: Pick<AccessInput, 'env' | 'baseUrlFlag'>, profile: Profile | undefined): ChosenBaseUrl | undefined {
  const envUrl = envValue(input.env, ENV_BASE_URL);
  if (input.baseUrlFlag !== undefined) return { url: normalizeBaseUrl(input.baseUrlFlag).url, source: 'flag' };
  if (envUrl !== undefined) return { url: normalizeBaseUrl(envUrl).url, source: 'env' };
  return profile === undefined ? undefined : { url: normalizeBaseUrl(profile.baseUrl).url, source: 'profile' };
}

function requireBaseUrl(chosen: ChosenBaseUrl | undefined): ChosenBaseUrl {
  if (chosen === undefined) {
    throw usageError(t('access.noAddress', { envBaseUrl: ENV_BASE_URL, login: `${loginHint()} --base-url URL` }));
  }
  return chosen;
}

/**
 * Saved credentials are bound to the address they were verified with: an
 * override pointing anywhere else would hand the key and a signature to that
 * host. Returns why they may not be used there, or null when they may.
 */
export function bindingProblem(profile: Profile, chosen: ChosenBaseUrl): string | null {
  const saved = normalizeBaseUrl(profile.baseUrl).url;
  if (chosen.source === 'profile' || chosen.url === saved) return null;
  return t('access.bindingProblem', {
    profile: JSON.stringify(profile.name),
    saved,
    url: chosen.url,
    source: sourceText(chosen, profile.name),
    envKey: ENV_KEY,
    envSecret: ENV_SECRET,
    login: commandLine(`login --base-url ${chosen.url} --profile NAME`),
  });
}

/**
 * Environment credentials (both variables) win and may go to any address;
 * otherwise the keychain entry saved for the chosen profile, only ever to
 * that profile's address. With neither, or with an override elsewhere:
 * exit 3 and say why.
 */
export async function resolveAccess(input: AccessInput): Promise<Access> {
  const apiKey = envValue(input.env, ENV_KEY);
  const secret = envValue(input.env, ENV_SECRET);
  if (apiKey !== undefined && secret !== undefined) {
    // The settings file is read only when neither the flag nor the variable names an address.
    const override = chooseBaseUrl(input, undefined);
    const profile = override === undefined ? await chosenProfile(input.settings, input.profileName) : undefined;
    const chosen = requireBaseUrl(override ?? chooseBaseUrl(input, profile));
    return { ...chosen, apiKey, secret, credentials: 'env', profileName: profile?.name, profileId: profile?.id };
  }
  if (apiKey !== undefined || secret !== undefined) {
    const missing = apiKey === undefined ? ENV_KEY : ENV_SECRET;
    throw new CliError(t('access.halfEnv', { missing, envKey: ENV_KEY, envSecret: ENV_SECRET }), EXIT.authentication, 'credentials');
  }
  const profile = await chosenProfile(input.settings, input.profileName);
  if (!profile) {
    const values = {
      envKey: ENV_KEY,
      envSecret: ENV_SECRET,
      login: loginHintFor(input.profileName),
      name: JSON.stringify(input.profileName ?? ''),
    };
    const message = input.profileName === undefined ? t('access.noLogin', values) : t('access.noProfile', values);
    throw new CliError(message, EXIT.authentication, 'credentials');
  }
  const chosen = requireBaseUrl(chooseBaseUrl(input, profile));
  // Checked before the keychain is read: the secret never even leaves it.
  const problem = bindingProblem(profile, chosen);
  if (problem !== null) throw new CliError(problem, EXIT.authentication, 'credentials');
  let found;
  try {
    found = await input.accounts().credentialsFor(profile.id);
  } catch (err) {
    if (err instanceof KeychainError) throw new CliError(cliKeychainMessage(err), EXIT.authentication, 'credentials');
    throw err;
  }
  if (!found) {
    const message = t('access.nothingStored', { name: JSON.stringify(profile.name), login: loginHintFor(input.profileName) });
    throw new CliError(message, EXIT.authentication, 'credentials');
  }
  return {
    ...chosen,
    apiKey: found.credentials.apiKey,
    secret: found.credentials.apiSecret,
    credentials: 'keychain',
    profileName: profile.name,
    profileId: profile.id,
  };
}

export const hasVersionSegment = (url: string): boolean => url.endsWith('/v2');

/**
 * The service's address includes its version segment (spec section 9). A
 * paid request to any other path could be charged by something unknown or
 * misreported as "not found", so it is refused (exit 2, nothing sent); a read
 * only earns the returned warning.
 */
export function checkVersionSegment(access: Access, paid: boolean): string | undefined {
  if (hasVersionSegment(access.url)) return undefined;
  const values = { url: access.url, source: sourceText(access, access.profileName) };
  if (paid) throw new CliError(t('access.noVersionPaid', values), EXIT.usage, 'base_url');
  return t('access.noVersionRead', values);
}
