import { DEFAULT_NODE_URL, normalizeNodeUrl } from '../../core/chain/node-url.ts';
import { KeychainError, type CredentialStore, type Credentials } from '../../core/credentials/credential-store.ts';
import { NODE_KEY_ENTRY } from '../../core/credentials/node-key-store.ts';
import { userText } from '../../core/base/domain-error.ts';
import type { Profile } from '../../core/settings/settings-schema.ts';
import type { SettingsStore } from '../../core/settings/settings-store.ts';
import { storedListOf } from '../../core/orders/stored-lists.ts';
import { profileDataDir } from '../../core/settings/user-data-dir.ts';
import { parseStoredWallets } from '../../core/wallets/watched-wallet.ts';
import { cadenceEvery, type WalletCadence } from '../../core/wallets/wallet-watcher.ts';
import { wholeNumberOption } from '../args.ts';
import { ENV_WALLET_INTERVAL } from '../env-names.ts';
import {
  bindingProblem,
  chooseBaseUrl,
  ENV_BASE_URL,
  ENV_KEY,
  ENV_SECRET,
  envValue,
  hasVersionSegment,
  sourceText,
  type ChosenBaseUrl,
  type Env,
} from '../access.ts';
import { cliKeychainMessage } from '../keychain-message.ts';
import { ENV_NODE_KEY } from '../node-access.ts';
import { t, words } from '../i18n.ts';
import { commandLine } from '../program.ts';
import { subcommand } from '../command.ts';
import { daemonError } from './daemon-exit.ts';
import { HeadlessCredentialStore } from './headless-credentials.ts';
import { credentialsFromDirectory } from '../systemd-credentials.ts';

/** What the daemon runs, all checked before anything starts. Holds no secret but inside `store`. */
export interface DaemonConfig {
  profile: Profile;
  baseUrl: string;
  /** 'systemd': the files of $CREDENTIALS_DIRECTORY (systemd-credentials.ts). */
  credentialsFrom: 'env' | 'systemd' | 'keychain';
  /** The store the wiring reads the credentials (and the node key) from. */
  store: CredentialStore;
  wallets: number;
  /** Values the logger scrubs from every line, as a last line of defence. */
  secrets: string[];
  /** ENERGY_TRAY_WALLET_INTERVAL_MS: how often a wallet is read when idle (and so the cap on waits); else the app's cadence. */
  walletCadence: Partial<WalletCadence> | undefined;
}

/** The daemon's shortest wallet interval (ENERGY_TRAY_WALLET_INTERVAL_MS). */
const MIN_MS = 100;

export interface DaemonConfigInput {
  env: Env;
  baseUrlFlag: string | undefined;
  profileName: string | undefined;
  settings: SettingsStore;
  keychain: CredentialStore;
  /** The wallet and rule commands open a profile that may watch nothing yet. */
  allowNoWallets?: boolean;
}

const quoted = (profiles: readonly Profile[]): string => profiles.map((p) => JSON.stringify(p.name)).join(', ');

function chooseProfile(profiles: readonly Profile[], activeId: string | null, name: string | undefined): Profile {
  const create = t('daemon.create', { command: commandLine(`${subcommand('profile', 'create')} NAME --base-url URL`) });
  if (name !== undefined) {
    const found = profiles.find((p) => p.name.toLowerCase() === name.trim().toLowerCase());
    if (found) return found;
    const saved = profiles.length === 0 ? t('daemon.noneSaved') : t('daemon.saved', { names: quoted(profiles) });
    throw daemonError('noProfile', t('daemon.noProfileNamed', { name: JSON.stringify(name), saved, create }));
  }
  const active = profiles.find((p) => p.id === activeId);
  if (active) return active;
  if (profiles.length === 0) throw daemonError('noProfile', t('daemon.noProfile', { create }));
  throw daemonError('noProfile', t('daemon.noActiveProfile', { names: quoted(profiles) }));
}

function chosenUrl(input: DaemonConfigInput, profile: Profile, fromEnv: boolean): ChosenBaseUrl {
  let chosen: ChosenBaseUrl | undefined;
  try {
    chosen = chooseBaseUrl({ env: input.env, baseUrlFlag: input.baseUrlFlag }, profile);
  } catch (err) {
    const from = input.baseUrlFlag !== undefined ? '--base-url' : ENV_BASE_URL;
    throw daemonError('baseUrl', t('daemon.badUrl', { from, detail: words(userText(err)) }));
  }
  if (chosen === undefined) throw daemonError('baseUrl', t('daemon.noUrl', { name: JSON.stringify(profile.name) }));
  const problem = fromEnv ? null : bindingProblem(profile, chosen);
  if (problem !== null) throw daemonError('baseUrl', problem);
  if (!hasVersionSegment(chosen.url)) {
    const source = sourceText(chosen, profile.name);
    throw daemonError(
      'baseUrl',
      t('daemon.noVersion', { url: chosen.url, source, envBaseUrl: ENV_BASE_URL, envKey: ENV_KEY, envSecret: ENV_SECRET }),
    );
  }
  return chosen;
}

async function keychainCredentials(keychain: CredentialStore, profile: Profile): Promise<Credentials> {
  let found: Credentials | null;
  try {
    found = await keychain.get(profile.id);
  } catch (err) {
    if (err instanceof KeychainError) throw daemonError('keychain', cliKeychainMessage(err));
    throw err;
  }
  if (found) return found;
  const command = commandLine(`login --profile ${JSON.stringify(profile.name)}`);
  throw daemonError(
    'noCredentials',
    t('daemon.noCredentials', { name: JSON.stringify(profile.name), envKey: ENV_KEY, envSecret: ENV_SECRET, command }),
  );
}

/**
 * Everything the daemon needs, checked in the order a person fixes it: the
 * profile, the service address (saved credentials go only to their profile's
 * address, as in the CLI, and an address without /v2 is refused since the
 * daemon may pay), the watched wallets, then the credentials: both
 * environment variables (the keychain is then never touched), else the
 * keychain entry of the profile. ENERGY_TRAY_NODE_API_KEY, when set, is the
 * node provider's key for the node of the app's settings.
 */
export async function resolveDaemonConfig(input: DaemonConfigInput): Promise<DaemonConfig> {
  const { settings } = await input.settings.load();
  const profile = chooseProfile(settings.profiles, settings.activeProfileId, input.profileName);
  const apiKey = envValue(input.env, ENV_KEY);
  const apiSecret = envValue(input.env, ENV_SECRET);
  if ((apiKey === undefined) !== (apiSecret === undefined)) {
    const missing = apiKey === undefined ? ENV_KEY : ENV_SECRET;
    throw daemonError('noCredentials', t('daemon.halfEnv', { missing, envKey: ENV_KEY, envSecret: ENV_SECRET }));
  }
  const envCredentials = apiKey !== undefined && apiSecret !== undefined ? { apiKey, apiSecret } : null;
  const fromEnv = envCredentials !== null;
  const chosen = chosenUrl(input, profile, fromEnv);
  const dir = profileDataDir(input.settings.dir, profile.id);
  const wallets = storedListOf(dir, profile.id, 'wallets', settings.wallets, parseStoredWallets).length;
  if (wallets === 0 && input.allowNoWallets !== true) {
    throw daemonError('noWallets', t('daemon.noWallets', { name: JSON.stringify(profile.name), file: input.settings.file }));
  }
  const interval = envValue(input.env, ENV_WALLET_INTERVAL);
  const walletCadence = interval === undefined ? undefined : cadenceEvery(wholeNumberOption(interval, ENV_WALLET_INTERVAL, MIN_MS));
  const credentials = envCredentials ?? (await keychainCredentials(input.keychain, profile));
  const given = new Map<string, Credentials>([[profile.id, credentials]]);
  const nodeKey = envValue(input.env, ENV_NODE_KEY);
  if (nodeKey !== undefined) {
    const nodeUrl = settings.nodeUrl === null ? DEFAULT_NODE_URL : normalizeNodeUrl(settings.nodeUrl);
    given.set(NODE_KEY_ENTRY, { apiKey: nodeUrl, apiSecret: nodeKey });
  }
  return {
    profile,
    baseUrl: chosen.url,
    credentialsFrom: fromEnv ? (credentialsFromDirectory(input.env) ? 'systemd' : 'env') : 'keychain',
    store: new HeadlessCredentialStore(given, fromEnv ? null : input.keychain),
    wallets,
    secrets: [credentials.apiKey, credentials.apiSecret, ...(nodeKey === undefined ? [] : [nodeKey])],
    walletCadence,
  };
}
