import { checkNodeKey } from './account-input.ts';
import type { CredentialStore } from './credential-store.ts';

/**
 * The TRON node provider's API key (sent as TRON-PRO-API-KEY), kept in the
 * same keychain as the service's credentials, under an entry of its own (a
 * profile id is a UUID, so the names cannot meet). The entry holds the key
 * together with the node URL it was saved for: like the service's secret, the
 * key is sent only to that node, so changing the node URL never hands it to
 * another host without the user entering it again.
 */
export const NODE_KEY_ENTRY = 'tron-node-provider-key';

export interface NodeKey {
  /** The normalised node URL the key belongs to. */
  nodeUrl: string;
  apiKey: string;
}

export class NodeKeyStore {
  private readonly store: CredentialStore;

  constructor(store: CredentialStore) {
    this.store = store;
  }

  /** The saved key and its node, or null. Throws KeychainError when the keychain cannot be read. */
  async get(): Promise<NodeKey | null> {
    const entry = await this.store.get(NODE_KEY_ENTRY);
    // The pair's "apiKey" slot carries the node URL and its "apiSecret" slot the key.
    return entry === null ? null : { nodeUrl: entry.apiKey, apiKey: entry.apiSecret };
  }

  /** The key to send to `nodeUrl`: the saved one only when it was saved for that node. */
  async keyFor(nodeUrl: string): Promise<string | undefined> {
    const saved = await this.get();
    return saved !== null && saved.nodeUrl === nodeUrl ? saved.apiKey : undefined;
  }

  /** Checks the key (InvalidAccountInputError, field nodeKey) and saves it for `nodeUrl`; returns the cleaned key. */
  async set(nodeUrl: string, apiKey: string): Promise<string> {
    const key = checkNodeKey(apiKey);
    await this.store.set(NODE_KEY_ENTRY, { apiKey: nodeUrl, apiSecret: key });
    return key;
  }

  delete(): Promise<boolean> {
    return this.store.delete(NODE_KEY_ENTRY);
  }
}
