import type { ApiClient } from '../core/api/client.ts';
import { jsonForTerminal } from '../core/base/http/server-text.ts';
import type { ServiceApi } from '../core/api/types.ts';
import { AccountService } from '../core/credentials/account-service.ts';
import { keyHint } from '../core/credentials/account-input.ts';
import type { CredentialStore } from '../core/credentials/credential-store.ts';
import { KeytarStore } from '../core/credentials/keytar-store.ts';
import type { OrderJournal } from '../core/orders/order-journal.ts';
import { SettingsStore } from '../core/settings/settings-store.ts';
import { userDataDir } from '../core/settings/user-data-dir.ts';
import type { ChosenBaseUrl, Env } from './access.ts';
import { checkVersionSegment, ENV_TIMEOUT, resolveAccess } from './access.ts';
import type { OptionValues } from './args.ts';
import { wholeNumberOption } from './args.ts';
import type { ChainClient } from '../core/chain/chain-client.ts';
import type { NodeUrlSource } from './node-access.ts';
import { CliOrderStores } from './cli-orders.ts';
import { t, words } from './i18n.ts';
import { withSystemdCredentials } from './systemd-credentials.ts';

/** The process's streams, injectable so the commands can be driven in-process. */
export interface CliIo {
  env: Env;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  /** stdout is a terminal: progress may be drawn in place. */
  stdoutIsTTY?: boolean;
  writeOut(text: string): void;
  writeErr(text: string): void;
}

/** Where a command's calls go and with which credentials; never the secret. */
export interface Connection {
  api: ServiceApi;
  target: ChosenBaseUrl & {
    credentials: 'env' | 'keychain';
    profileName: string | undefined;
    profileId: string | undefined;
    keyHint: string;
  };
}

export interface CommandContext {
  readonly args: readonly string[];
  readonly values: OptionValues;
  readonly json: boolean;
  readonly io: CliIo;
  readonly settings: SettingsStore;
  readonly store: CredentialStore;
  readonly timeoutMs: number | undefined;
  accounts(): AccountService;
  /** A client for reads (a base URL without /v2 earns a warning on stderr); closed when the command ends. */
  api(): Promise<ServiceApi>;
  /** A client for a paid command: a base URL without /v2 is refused before anything is sent. */
  connect(paid: boolean): Promise<Connection>;
  /** The TRON node (--node-url, ENERGY_TRAY_NODE_URL, the saved setting, TronGrid) with its provider key; closed when the command ends. */
  node(): Promise<{ client: ChainClient; source: NodeUrlSource }>;
  /** A line on stderr beside the result: "warning: …", or with --json one JSON object. */
  notify(kind: 'note' | 'warning', message: string): void;
  /** The order store in `dir` (see cli-orders.ts ordersDirFor), opened once and closed when the command ends. */
  orders(dir: string): Promise<OrderJournal>;
  /** The user-data folder (settings, profiles, order stores). */
  readonly userData: string;
}

/** With --json every stderr line is one JSON object, so that scripts can read all of them. */
export function noticeText(kind: 'note' | 'warning', message: string, json: boolean): string {
  if (json) return `${jsonForTerminal({ [kind]: { message } })}\n`;
  return `${kind === 'note' ? t('notes.note', { message }) : t('notes.warning', { message })}\n`;
}

function timeoutOf(values: OptionValues, env: Env): number | undefined {
  const text = values.timeout ?? env[ENV_TIMEOUT];
  if (text === undefined || text === '') return undefined;
  return wholeNumberOption(text, values.timeout === undefined ? ENV_TIMEOUT : '--timeout', 1);
}

export interface OpenContext {
  context: CommandContext;
  close(): Promise<void>;
}

export function openContext(args: readonly string[], values: OptionValues, given: CliIo): OpenContext {
  // systemd's credentials count as the environment's (systemd-credentials.ts).
  const io: CliIo = { ...given, env: withSystemdCredentials(given.env) };
  const userData = userDataDir();
  const settings = new SettingsStore({ dir: userData });
  const stores = new CliOrderStores();
  const store = new KeytarStore();
  const timeoutMs = timeoutOf(values, io.env);
  const clients: Array<{ close(): Promise<void> }> = [];
  const json = values.json === true;
  const notify = (kind: 'note' | 'warning', message: string): void => io.writeErr(noticeText(kind, message, json));
  // The service's and the node's clients are loaded by the commands that call them (not by history, rules or status).
  const newClient = async (baseUrl: string, apiKey: string, secret: string): Promise<ApiClient> => {
    const [{ ApiClient }, { clockOffsetNotice }] = await Promise.all([
      import('../core/api/client.ts'),
      import('../core/api/clock-skew.ts'),
    ]);
    const onClockOffset = (offsetSeconds: number): void => notify('warning', words(clockOffsetNotice(offsetSeconds)));
    const client = new ApiClient({ baseUrl, apiKey, secret, onClockOffset, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
    clients.push(client);
    return client;
  };
  let accounts: AccountService | undefined;
  const getAccounts = (): AccountService => {
    accounts ??= new AccountService({
      store,
      settings,
      now: Date.now,
      verify: async (baseUrl, credentials) => (await (await newClient(baseUrl, credentials.apiKey, credentials.apiSecret)).userInfo()).data,
    });
    return accounts;
  };
  const connect = async (paid: boolean): Promise<Connection> => {
    const access = await resolveAccess({
      env: io.env,
      baseUrlFlag: values['base-url'],
      profileName: values.profile,
      settings,
      accounts: getAccounts,
    });
    const warning = checkVersionSegment(access, paid);
    if (warning !== undefined) notify('warning', warning);
    const { url, source, credentials, profileName, profileId } = access;
    const api = await newClient(url, access.apiKey, access.secret);
    return { api, target: { url, source, credentials, profileName, profileId, keyHint: keyHint(access.apiKey) } };
  };
  const context: CommandContext = {
    args,
    values,
    json,
    io,
    settings,
    store,
    timeoutMs,
    accounts: getAccounts,
    api: async () => (await connect(false)).api,
    connect,
    notify,
    node: async () => {
      const { openNode } = await import('./node-access.ts');
      const warn = (m: string): void => notify('warning', m);
      const opened = await openNode({ env: io.env, flag: values['node-url'], settings, store, timeoutMs, warn });
      clients.push(opened.client);
      return opened;
    },
    orders: (dir) => stores.journal(dir),
    userData,
  };
  return {
    context,
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
      await stores.close();
    },
  };
}
