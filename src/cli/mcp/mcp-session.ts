import type { ApiClient } from '../../core/api/client.ts';
import { SecretRegistry } from '../../core/base/secret-registry.ts';
import type { ChainClient } from '../../core/chain/chain-client.ts';
import { OrderJournal } from '../../core/orders/order-journal.ts';
import { systemClock } from '../../core/base/clock.ts';
import type { Settings } from '../../core/settings/settings-schema.ts';
import { parseStoredWallets, type WatchedWallet } from '../../core/wallets/watched-wallet.ts';
import { ENV_NODE_KEY } from '../env-names.ts';
import { checkVersionSegment, envValue, hasVersionSegment, resolveAccess, type ChosenBaseUrl } from '../access.ts';
import { ordersDirFor } from '../cli-orders.ts';
import { storedListOf } from '../../core/orders/stored-lists.ts';
import type { CommandContext } from '../context.ts';
import { words } from '../i18n.ts';

/** Where the server's service calls go, with which credentials (never the secret). */
export interface McpTarget extends ChosenBaseUrl {
  host: string;
  profileId: string | undefined;
  profileName: string | undefined;
  /** The base URL ends in /v2: paid requests may go there (access.ts checkVersionSegment). */
  paidAllowed: boolean;
}

/**
 * What the MCP server works with, for as long as it runs: the service client
 * with the credentials `energy-tray` would use (the environment's, else the
 * keychain's, bound to the base URL they were saved with: access.ts), the
 * TRON node, the profile's order store (the one the app reads) and the
 * settings file, read again for every purchase so that the allowance, the
 * daily limit and the watched wallets are the person's current ones. No
 * profile lock: the app may run meanwhile; limits are checked inside the
 * store's write transaction. Everything opens on first use, so a tool that
 * needs no service (a TRON node read) works without credentials.
 */
export class McpSession {
  /** The key and secret in use: scrubbed from everything the server writes (the last line of defence). */
  readonly secrets = new SecretRegistry();
  private readonly ctx: CommandContext;
  private service: Promise<{ api: ApiClient; target: McpTarget }> | null = null;
  private chain: Promise<ChainClient> | null = null;
  private store: Promise<OrderJournal> | null = null;
  private closed = false;

  constructor(ctx: CommandContext) {
    this.ctx = ctx;
    const nodeKey = envValue(ctx.io.env, ENV_NODE_KEY);
    if (nodeKey !== undefined) this.secrets.add(nodeKey);
  }

  /** The service client; a failure (no credentials, a locked keychain) is thrown again at the next call, not kept. */
  connect(): Promise<{ api: ApiClient; target: McpTarget }> {
    this.service ??= this.open().catch((err: unknown) => {
      this.service = null;
      throw err;
    });
    return this.service;
  }

  /** Throws the CLI's refusal (exit 2's words) when the base URL has no /v2: a paid request is never sent there. */
  async connectForPurchase(): Promise<{ api: ApiClient; target: McpTarget }> {
    const opened = await this.connect();
    if (!opened.target.paidAllowed) {
      checkVersionSegment(
        {
          ...opened.target,
          apiKey: '',
          secret: '',
          credentials: 'env',
          profileName: opened.target.profileName,
          profileId: opened.target.profileId,
        },
        true,
      );
    }
    return opened;
  }

  node(): Promise<ChainClient> {
    this.chain ??= this.ctx.node().then(
      (opened) => opened.client,
      (err: unknown) => {
        this.chain = null;
        throw err;
      },
    );
    return this.chain;
  }

  /**
   * The order store of the profile whose credentials are used (cli-orders/ for environment
   * credentials without one). Opened as a CLI run's (its intents are its own to settle) but without
   * `showsOwnOutcomes`: the server tells nobody an order finished, so the app is the one to notify it.
   */
  async journal(): Promise<OrderJournal> {
    const { target } = await this.connect();
    this.store ??= OrderJournal.open(ordersDirFor(this.ctx.userData, target.profileId), systemClock, {
      origin: 'cli',
      quickCheck: false,
    }).catch((err: unknown) => {
      this.store = null;
      throw err;
    });
    return this.store;
  }

  /** The settings file as it is now (the app may have changed it). */
  async settings(): Promise<Settings> {
    return (await this.ctx.settings.load()).settings;
  }

  /** The profile's watched wallets now. */
  async watched(): Promise<WatchedWallet[]> {
    const { target } = await this.connect();
    const settings = await this.settings();
    if (target.profileId === undefined) return [];
    const dir = ordersDirFor(this.ctx.userData, target.profileId);
    return storedListOf(dir, target.profileId, 'wallets', settings.wallets, parseStoredWallets);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const service = await this.service?.catch(() => null);
    await service?.api.close();
    (await this.store?.catch(() => null))?.close();
  }

  private async open(): Promise<{ api: ApiClient; target: McpTarget }> {
    const { ctx } = this;
    const access = await resolveAccess({
      env: ctx.io.env,
      baseUrlFlag: ctx.values['base-url'],
      profileName: ctx.values.profile,
      settings: ctx.settings,
      accounts: ctx.accounts,
    });
    this.secrets.add(access.apiKey);
    this.secrets.add(access.secret);
    const warning = checkVersionSegment(access, false);
    if (warning !== undefined) ctx.notify('warning', warning);
    const [{ ApiClient }, { clockOffsetNotice }] = await Promise.all([
      import('../../core/api/client.ts'),
      import('../../core/api/clock-skew.ts'),
    ]);
    const api = new ApiClient({
      baseUrl: access.url,
      apiKey: access.apiKey,
      secret: access.secret,
      onClockOffset: (offsetSeconds) => ctx.notify('warning', words(clockOffsetNotice(offsetSeconds))),
      ...(ctx.timeoutMs === undefined ? {} : { timeoutMs: ctx.timeoutMs }),
    });
    const target: McpTarget = {
      url: access.url,
      source: access.source,
      host: new URL(access.url).host,
      profileId: access.profileId,
      profileName: access.profileName,
      paidAllowed: hasVersionSegment(access.url),
    };
    return { api, target };
  }
}
