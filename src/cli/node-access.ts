import { ChainClient } from '../core/chain/chain-client.ts';
import { DEFAULT_NODE_URL, normalizeNodeUrl } from '../core/chain/node-url.ts';
import { KeychainError } from '../core/credentials/credential-store.ts';
import type { CredentialStore } from '../core/credentials/credential-store.ts';
import { NodeKeyStore } from '../core/credentials/node-key-store.ts';
import type { SettingsStore } from '../core/settings/settings-store.ts';
import type { Env } from './access.ts';
import { t } from './i18n.ts';
import { envValue } from './access.ts';
import { ENV_NODE_KEY, ENV_NODE_URL } from './env-names.ts';

export { ENV_NODE_KEY, ENV_NODE_URL } from './env-names.ts';

export type NodeUrlSource = 'flag' | 'env' | 'settings' | 'default';

export interface NodeAccessInput {
  env: Env;
  flag: string | undefined;
  settings: SettingsStore;
  store: CredentialStore;
  timeoutMs: number | undefined;
  warn(message: string): void;
}

/**
 * The TRON node a command reads: --node-url, else ENERGY_TRAY_NODE_URL, else
 * the app's saved setting, else TronGrid (an invalid URL is exit 2, nothing
 * sent). The provider key: ENERGY_TRAY_NODE_API_KEY (sent to any node, as
 * the environment's service credentials are), else the keychain entry the
 * app saved, only for the node it was saved for. The key is optional: a
 * locked or refusing keychain earns a warning and the node is read without it.
 */
export async function openNode(input: NodeAccessInput): Promise<{ client: ChainClient; source: NodeUrlSource }> {
  const envUrl = envValue(input.env, ENV_NODE_URL);
  let source: NodeUrlSource;
  let text: string;
  if (input.flag !== undefined) [source, text] = ['flag', input.flag];
  else if (envUrl !== undefined) [source, text] = ['env', envUrl];
  else {
    const saved = (await input.settings.load()).settings.nodeUrl;
    [source, text] = saved === null ? ['default', DEFAULT_NODE_URL] : ['settings', saved];
  }
  const nodeUrl = normalizeNodeUrl(text);
  let apiKey = envValue(input.env, ENV_NODE_KEY);
  if (apiKey === undefined) {
    try {
      apiKey = await new NodeKeyStore(input.store).keyFor(nodeUrl);
    } catch (err) {
      if (!(err instanceof KeychainError)) throw err;
      // No keychain at all: nothing can have been saved there, so there is nothing to warn about.
      if (err.kind !== 'unavailable') input.warn(t('notes.nodeKeyUnreadable', { kind: err.kind, envNodeKey: ENV_NODE_KEY }));
    }
  }
  const client = new ChainClient({
    nodeUrl,
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
  });
  return { client, source };
}
