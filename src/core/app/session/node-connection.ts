// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import { msg, type Message } from '../../../shared/i18n/message.ts';
import type { NodeSettingsView } from '../../../shared/views.ts';
import type { SecretRegistry } from '../../base/secret-registry.ts';
import { TypedEmitter } from '../../base/typed-emitter.ts';
import { ChainClient } from '../../chain/chain-client.ts';
import { keyFingerprint, type NodeFollowers } from '../../chain/node-followers.ts';
import type { RequestBudget } from '../../chain/request-budget.ts';
import type { NodeRequestEvent } from '../../chain/node-transport.ts';
import { DEFAULT_NODE_URL, normalizeNodeUrl } from '../../chain/node-url.ts';
import { KeychainError } from '../../credentials/credential-store.ts';
import type { NodeKeyStore } from '../../credentials/node-key-store.ts';
import { AppError, notConnected } from '../app-error.ts';
import {
  dailyBudgetProblem,
  defaultDailyBudget,
  KEYED_DAILY_BUDGET,
  KEYLESS_DAILY_BUDGET,
  MAX_DAILY_BUDGET,
  MIN_DAILY_BUDGET,
} from '../../../shared/node-budget.ts';
import type { Session } from './session.ts';
import type { AppLog, SessionManager } from './session-manager.ts';
import type { SettingsService } from './settings-service.ts';

export interface NodeConnectionDeps {
  sessions: SessionManager;
  settings: SettingsService;
  keys: NodeKeyStore;
  secrets: SecretRegistry;
  log: AppLog;
  /** The process's chain followers and request budgets (one per node and key). */
  followers: NodeFollowers;
  timeoutMs?: number;
  /** Every request to the node (endpoint, attempt, status, time): the daemon's metrics. */
  onRequest?: (event: NodeRequestEvent) => void;
}

/** Which node and key the current client speaks with: what a follower and a budget are shared by. */
export interface NodeIdentity {
  nodeUrl: string;
  /** The provider key's fingerprint, never the key; null without one. */
  keyFingerprint: string | null;
}

/**
 * The TRON node the wallets are read from: in demo mode the demo's own node
 * simulator, otherwise the node URL of the settings (default TronGrid) with
 * the provider key from the keychain, sent only to the node it was saved
 * for. A new client is built when a session opens or the URL or key changes;
 * `changed` tells the wallets.
 */
export class NodeConnection {
  readonly events = new TypedEmitter<{ changed: ChainClient | null }>();
  private readonly deps: NodeConnectionDeps;
  private client: ChainClient | null = null;
  private connecting: Promise<ChainClient | null> = Promise.resolve(null);
  private generation = 0;
  private keychainProblem: Message | null = null;
  private usedKey: string | null = null;
  private connected: NodeIdentity | null = null;

  constructor(deps: NodeConnectionDeps) {
    this.deps = deps;
    deps.sessions.events.on('opened', ({ session }) => void this.connect(session));
    deps.sessions.events.on('closed', () => void this.connect(null));
  }

  /** The node's client once it is built; not_connected without a session. */
  async require(): Promise<ChainClient> {
    const client = await this.connecting;
    if (!client) throw notConnected();
    return client;
  }

  current(): ChainClient | null {
    return this.client;
  }

  /** The node and key of the current client (null without one). */
  identity(): NodeIdentity | null {
    return this.connected;
  }

  /** The budget the current client's requests count against (null without a client). */
  budget(): RequestBudget | null {
    return this.connected ? this.deps.followers.budget(this.connected.nodeUrl, this.connected.keyFingerprint) : null;
  }

  /** The settings' daily request budget for the configured node (null: the default for a key or none). */
  applyDailyBudget(): void {
    this.deps.followers.setDailyBudget(this.configuredUrl(), this.deps.settings.loaded?.nodeDailyBudget ?? null);
  }

  /** The configured node (not the demo's), normalised. */
  configuredUrl(): string {
    const saved = this.deps.settings.loaded?.nodeUrl ?? null;
    return saved === null ? DEFAULT_NODE_URL : normalizeNodeUrl(saved);
  }

  async view(): Promise<NodeSettingsView> {
    const session = this.deps.sessions.current();
    const configured = this.configuredUrl();
    let saved: { nodeUrl: string } | null = null;
    let problem = this.keychainProblem;
    try {
      saved = await this.deps.keys.get();
    } catch (err) {
      problem = err instanceof KeychainError ? err.text : msg('errors:keychain.failed');
    }
    const keyForThisNode = saved !== null && saved.nodeUrl === configured;
    return {
      nodeUrl: session?.demoNodeUrl ?? configured,
      configuredUrl: configured,
      defaultUrl: DEFAULT_NODE_URL,
      isDefault: configured === DEFAULT_NODE_URL,
      demo: session?.demo ?? false,
      keySaved: saved !== null,
      keyForThisNode,
      keychainProblem: problem,
      dailyBudget: {
        saved: this.deps.settings.loaded?.nodeDailyBudget ?? null,
        defaultNow: defaultDailyBudget(keyForThisNode),
        keyedDefault: KEYED_DAILY_BUDGET,
        keylessDefault: KEYLESS_DAILY_BUDGET,
        min: MIN_DAILY_BUDGET,
        max: MAX_DAILY_BUDGET,
      },
    };
  }

  /** Saves the node URL (null: back to the default). A saved key stays with the node it was saved for. */
  async setNodeUrl(text: string | null): Promise<NodeSettingsView> {
    const url = text === null ? DEFAULT_NODE_URL : normalizeNodeUrl(text);
    await this.deps.settings.update((s) => ({ ...s, nodeUrl: url === DEFAULT_NODE_URL ? null : url }));
    await this.reconnectAccount();
    return this.view();
  }

  /**
   * Saves the configured node's daily request budget (null: the default for a key or none) and applies it at
   * once, so the follower plans the rest of the day by it. No main-drawn approval: it moves no money, raises
   * nothing that may be spent and sends nothing anywhere new; a budget above the provider's quota only meets
   * its refusals sooner, which the wallets wait out. A refused value changes nothing.
   */
  async setDailyBudget(budget: number | null): Promise<NodeSettingsView> {
    const problem = budget === null ? null : dailyBudgetProblem(budget);
    if (problem !== null) throw new AppError('invalid_request', problem);
    await this.deps.settings.update((s) => ({ ...s, nodeDailyBudget: budget }));
    this.applyDailyBudget();
    return this.view();
  }

  /** Saves the provider key in the keychain for the configured node. */
  async setNodeKey(apiKey: string): Promise<NodeSettingsView> {
    const key = await this.deps.keys.set(this.configuredUrl(), apiKey);
    this.deps.secrets.add(key);
    await this.reconnectAccount();
    return this.view();
  }

  async clearNodeKey(): Promise<NodeSettingsView> {
    await this.deps.keys.delete();
    await this.reconnectAccount();
    return this.view();
  }

  private async reconnectAccount(): Promise<void> {
    const session = this.deps.sessions.current();
    if (session && !session.demo) await this.connect(session);
  }

  private connect(session: Session | null): Promise<ChainClient | null> {
    const generation = ++this.generation;
    const previous = this.client;
    this.client = null;
    this.connected = null;
    if (previous) void previous.close();
    this.forgetKey();
    this.connecting = session ? this.build(session, generation) : Promise.resolve(null);
    return this.connecting;
  }

  private async build(session: Session, generation: number): Promise<ChainClient | null> {
    const nodeUrl = session.demoNodeUrl ?? this.configuredUrl();
    let apiKey: string | undefined;
    this.keychainProblem = null;
    if (!session.demo) {
      try {
        apiKey = await this.deps.keys.keyFor(nodeUrl);
      } catch (err) {
        // The key is optional: read the node without it and say why.
        this.keychainProblem = err instanceof KeychainError ? err.text : msg('errors:keychain.failed');
        this.deps.log.warn({ kind: err instanceof KeychainError ? err.kind : 'unknown' }, 'node provider key unreadable');
      }
    }
    if (generation !== this.generation) return this.connecting;
    if (apiKey !== undefined) {
      this.deps.secrets.add(apiKey);
      this.usedKey = apiKey;
    }
    const timeout = this.deps.timeoutMs ? { timeoutMs: this.deps.timeoutMs } : {};
    const identity = { nodeUrl: normalizeNodeUrl(nodeUrl), keyFingerprint: keyFingerprint(apiKey) };
    this.applyDailyBudget();
    // Every request to the node counts against the key's daily budget, whatever it was for (a read, an estimate, the fees),
    // and goes to the daemon's metrics.
    const budget = this.deps.followers.budget(identity.nodeUrl, identity.keyFingerprint);
    const onRequest = (event: NodeRequestEvent): void => {
      budget.count();
      this.deps.onRequest?.(event);
    };
    const client = new ChainClient({ nodeUrl, ...(apiKey !== undefined ? { apiKey } : {}), ...timeout, onRequest });
    this.connected = identity;
    this.client = client;
    this.events.emit('changed', client);
    return client;
  }

  private forgetKey(): void {
    if (this.usedKey !== null) this.deps.secrets.delete(this.usedKey);
    this.usedKey = null;
  }
}
