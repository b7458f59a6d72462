import { ApiClient } from '../core/api/client.ts';
import type { ServiceApi } from '../core/api/types.ts';
import { AccountService } from '../core/credentials/account-service.ts';
import type { CredentialStore } from '../core/credentials/credential-store.ts';
import { KeytarStore } from '../core/credentials/keytar-store.ts';
import { SettingsStore } from '../core/settings/settings-store.ts';
import { userDataDir } from '../core/settings/user-data-dir.ts';
import type { Env } from './access.ts';
import { ENV_TIMEOUT, resolveAccess } from './access.ts';
import type { OptionValues } from './args.ts';
import { wholeNumberOption } from './args.ts';
import { usageError } from './cli-error.ts';

/** The process's streams, injectable so the commands can be driven in-process. */
export interface CliIo {
  env: Env;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  writeOut(text: string): void;
  writeErr(text: string): void;
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
  /** A client for the resolved credentials; closed when the command ends. */
  api(): Promise<ServiceApi>;
  /** Readable progress lines (stdout, text mode only: --json prints one value). */
  progress(line: string): void;
}

function timeoutOf(values: OptionValues, env: Env): number | undefined {
  const text = values.timeout ?? env[ENV_TIMEOUT];
  if (text === undefined || text === '') return undefined;
  const ms = wholeNumberOption(text, values.timeout === undefined ? ENV_TIMEOUT : '--timeout');
  if (ms <= 0) throw usageError('The timeout must be at least 1 ms.');
  return ms;
}

export interface OpenContext {
  context: CommandContext;
  close(): Promise<void>;
}

export function openContext(args: readonly string[], values: OptionValues, io: CliIo): OpenContext {
  const settings = new SettingsStore({ dir: userDataDir() });
  const store = new KeytarStore();
  const timeoutMs = timeoutOf(values, io.env);
  const clients: ApiClient[] = [];
  const newClient = (baseUrl: string, apiKey: string, secret: string): ApiClient => {
    const client = new ApiClient({ baseUrl, apiKey, secret, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
    clients.push(client);
    return client;
  };
  let accounts: AccountService | undefined;
  const getAccounts = (): AccountService => {
    accounts ??= new AccountService({
      store,
      settings,
      now: Date.now,
      verify: async (baseUrl, credentials) => (await newClient(baseUrl, credentials.apiKey, credentials.apiSecret).userInfo()).data,
    });
    return accounts;
  };
  const json = values.json === true;
  const context: CommandContext = {
    args,
    values,
    json,
    io,
    settings,
    store,
    timeoutMs,
    accounts: getAccounts,
    api: async () => {
      const access = await resolveAccess({
        env: io.env,
        baseUrlFlag: values['base-url'],
        profileName: values.profile,
        settings,
        accounts: getAccounts,
      });
      return newClient(access.baseUrl, access.apiKey, access.secret);
    },
    progress: (line) => {
      if (!json) io.writeOut(`${line}\n`);
    },
  };
  return {
    context,
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}
