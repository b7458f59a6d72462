import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './access.ts';
import { ENV_KEY, ENV_NODE_KEY, ENV_SECRET } from './env-names.ts';

/**
 * systemd's credentials (`LoadCredential=api-key:/etc/energy-tray/api-key`):
 * the service manager hands the unit a private, read-only folder named in
 * $CREDENTIALS_DIRECTORY, one file a credential, readable by that unit only
 * and never written to disk by Energy Tray. Read where the environment
 * variables are not set, as if they were (the variables win).
 */
export const ENV_CREDENTIALS_DIRECTORY = 'CREDENTIALS_DIRECTORY';

/** The file names a unit's LoadCredential= gives them. */
export const CREDENTIAL_FILES = { apiKey: 'api-key', apiSecret: 'api-secret', nodeKey: 'node-api-key' } as const;

const fromDirectory = new WeakSet<object>();

/** A credential's file in $CREDENTIALS_DIRECTORY, its line end trimmed; undefined when absent or empty. */
export function readCredential(env: Env, name: string): string | undefined {
  const dir = env[ENV_CREDENTIALS_DIRECTORY];
  // A name is one file of that folder, never a path out of it.
  if (dir === undefined || dir === '' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(name)) return undefined;
  let text: string;
  try {
    text = readFileSync(join(dir, name), 'utf8');
  } catch {
    return undefined;
  }
  const value = text.trim();
  return value === '' ? undefined : value;
}

const isSet = (env: Env, name: string): boolean => (env[name]?.trim() ?? '') !== '';

/**
 * `env` with the service's key and secret (both files, and only when neither
 * variable is set) and the node provider's key filled in from the
 * credentials folder. The same object when there is nothing to add.
 */
export function withSystemdCredentials(env: Env): Env {
  if (env[ENV_CREDENTIALS_DIRECTORY] === undefined) return env;
  const added: Record<string, string> = {};
  if (!isSet(env, ENV_KEY) && !isSet(env, ENV_SECRET)) {
    const apiKey = readCredential(env, CREDENTIAL_FILES.apiKey);
    const apiSecret = readCredential(env, CREDENTIAL_FILES.apiSecret);
    if (apiKey !== undefined && apiSecret !== undefined) Object.assign(added, { [ENV_KEY]: apiKey, [ENV_SECRET]: apiSecret });
  }
  const nodeKey = isSet(env, ENV_NODE_KEY) ? undefined : readCredential(env, CREDENTIAL_FILES.nodeKey);
  if (nodeKey !== undefined) added[ENV_NODE_KEY] = nodeKey;
  if (Object.keys(added).length === 0) return env;
  const filled = { ...env, ...added };
  if (added[ENV_KEY] !== undefined) fromDirectory.add(filled);
  return filled;
}

/** Whether the service's key and secret of `env` came from the credentials folder (for the daemon's log). */
export const credentialsFromDirectory = (env: Env): boolean => fromDirectory.has(env);
