// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient, type RequestEvent } from '../../api/client.ts';
import type { ServiceApi } from '../../api/types.ts';
import { PriceRecordingApi } from './price-recording-api.ts';
import type { Clock } from '../../base/clock.ts';
import type { Credentials } from '../../credentials/credential-store.ts';
import type { SecretRegistry } from '../../base/secret-registry.ts';
import type { PowerEvents } from '../../base/power-events.ts';
import { JOURNAL_FILE_NAME, ORDER_DB_FILE_NAME, OrderJournal } from '../../orders/order-journal.ts';
import { removeSqliteFile } from '../../base/sqlite-file.ts';
import { MARK_DB_FILE_NAME } from '../../orders/store-mark.ts';
import { ProfileLock } from '../../settings/profile-lock.ts';
import { profileDataDir } from '../../settings/user-data-dir.ts';
import { OrderScheduler } from '../../orders/scheduler.ts';
import type { SpendLedger } from '../../orders/spend-limit.ts';
import type { Sun } from '../../base/money.ts';
import { DEMO_USER, startSimulator, type Simulator, type Timing } from '../../simulator/index.ts';
import { startNodeSimulator, type NodeSimulator, type NodeSimulatorOptions } from '../../simulator/node/node-simulator.ts';

/** What a test or benchmark may change about the demo's chain (the default: the demo wallets spending). */
export type DemoNodeOptions = Partial<Pick<NodeSimulatorOptions, 'wallets' | 'spending' | 'params'>>;

export interface SessionSettings {
  balanceIntervalMs: number;
  lowBalanceThresholdSun: Sun;
  notificationsEnabled: boolean;
}

export interface SessionDeps {
  clock: Clock;
  power?: PowerEvents;
  secrets: SecretRegistry;
  timeoutMs?: number;
  onRequest?: (event: RequestEvent) => void;
  /** The client now follows a clock offset of more than 15 minutes: say so. */
  onClockOffset?: (offsetSeconds: number) => void;
  /** Who takes an account's profile lock ("Energy Tray", "energy-tray daemon"): named when another process is refused. */
  lockProgram?: string;
}

/**
 * One live connection: the API client, the order journal of that profile and
 * the scheduler polling it, plus the in-process simulator in demo mode.
 * Switching account or mode closes one session and opens another, so nothing
 * of one profile is ever polled with another's credentials.
 */
export class Session {
  readonly profileId: string;
  readonly api: ServiceApi;
  readonly journal: OrderJournal;
  readonly scheduler: OrderScheduler;
  /** Today's spend, for the daily limit: the journal's query over this profile's orders of the day (order-history.ts). */
  readonly ledger: SpendLedger;
  readonly demo: boolean;
  /** Demo mode: the linked TRON node simulator's URL, which the wallets read instead of the configured node. */
  readonly demoNodeUrl: string | null;
  /** The service's host, for the words of an approval. */
  readonly host: string;
  private readonly client: ApiClient;
  private readonly simulator: Simulator | null;
  private readonly node: NodeSimulator | null;
  private readonly credentials: Credentials;
  private readonly secrets: SecretRegistry;
  private readonly lock: ProfileLock | null;
  /** Paid submissions under way: close() waits for them so their answer reaches this journal. */
  private readonly inFlight = new Set<Promise<unknown>>();

  private constructor(parts: {
    profileId: string;
    client: ApiClient;
    api: ServiceApi;
    journal: OrderJournal;
    scheduler: OrderScheduler;
    simulator: Simulator | null;
    node: NodeSimulator | null;
    credentials: Credentials;
    secrets: SecretRegistry;
    lock: ProfileLock | null;
  }) {
    this.profileId = parts.profileId;
    this.client = parts.client;
    this.api = parts.api;
    this.journal = parts.journal;
    this.scheduler = parts.scheduler;
    this.ledger = parts.journal;
    this.simulator = parts.simulator;
    this.demo = parts.simulator !== null;
    this.node = parts.node;
    this.demoNodeUrl = parts.node?.baseUrl ?? null;
    this.host = new URL(parts.client.baseUrl).host;
    this.credentials = parts.credentials;
    this.secrets = parts.secrets;
    this.lock = parts.lock;
  }

  /**
   * A real account: orders journaled under <userData>/profiles/<profileId>/,
   * whose lock it holds until closed, so that the app and the daemon (or two
   * daemons) never run one profile at once (ProfileLockedError names the holder).
   */
  static async openAccount(
    deps: SessionDeps,
    account: { profileId: string; baseUrl: string; credentials: Credentials; userDataDir: string },
    settings: SessionSettings,
  ): Promise<Session> {
    const dir = profileDataDir(account.userDataDir, account.profileId);
    const lock = ProfileLock.acquire(dir, { program: deps.lockProgram ?? 'Energy Tray' });
    try {
      return await Session.open(
        deps,
        account.profileId,
        account.baseUrl,
        account.credentials,
        dir,
        { simulator: null, node: null, lock },
        settings,
      );
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  /**
   * Demo mode: the simulator runs in-process on 127.0.0.1 with the demo user,
   * and beside it the TRON node simulator, linked (a filled order adds energy)
   * and with demo wallets that spend energy over time. Its orders live in
   * <userData>/demo/, emptied at every start because the simulators' state
   * starts afresh too.
   */
  static async openDemo(
    deps: SessionDeps,
    userDataDir: string,
    settings: SessionSettings,
    demo: { timing?: Partial<Timing>; node?: DemoNodeOptions } = {},
  ): Promise<Session> {
    const dir = join(userDataDir, 'demo');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await rm(join(dir, JOURNAL_FILE_NAME), { force: true });
    removeSqliteFile(join(dir, ORDER_DB_FILE_NAME));
    removeSqliteFile(join(dir, MARK_DB_FILE_NAME));
    const simulator = await startSimulator({ users: [DEMO_USER], ...(demo.timing ? { timing: demo.timing } : {}) });
    let node: NodeSimulator | null = null;
    try {
      node = await startNodeSimulator({ ...demo.node, delegations: simulator.delegations });
      const credentials = { apiKey: DEMO_USER.apiKey, apiSecret: DEMO_USER.secret };
      return await Session.open(deps, 'demo', simulator.baseUrl, credentials, dir, { simulator, node, lock: null }, settings);
    } catch (err) {
      await node?.close();
      await simulator.close();
      throw err;
    }
  }

  private static async open(
    deps: SessionDeps,
    profileId: string,
    baseUrl: string,
    credentials: Credentials,
    journalDir: string,
    simulators: { simulator: Simulator | null; node: NodeSimulator | null; lock: ProfileLock | null },
    settings: SessionSettings,
  ): Promise<Session> {
    deps.secrets.add(credentials.apiSecret);
    deps.secrets.add(credentials.apiKey);
    const client = new ApiClient({
      baseUrl,
      apiKey: credentials.apiKey,
      secret: credentials.apiSecret,
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.onRequest ? { onRequest: deps.onRequest } : {}),
      ...(deps.onClockOffset ? { onClockOffset: deps.onClockOffset } : {}),
    });
    const journal = await OrderJournal.open(journalDir, deps.clock);
    const scheduler = new OrderScheduler({
      api: client,
      journal,
      clock: deps.clock,
      ...(deps.power ? { power: deps.power } : {}),
      balanceIntervalMs: settings.balanceIntervalMs,
      lowBalanceThresholdSun: settings.lowBalanceThresholdSun,
      notificationsEnabled: settings.notificationsEnabled,
    });
    const api = new PriceRecordingApi(client, journal.prices, deps.clock);
    return new Session({ profileId, client, api, journal, scheduler, ...simulators, credentials, secrets: deps.secrets });
  }

  /** Runs a paid submission as part of this session (close() waits for it). */
  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = (): void => {
      this.inFlight.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  /**
   * Stops polling, then waits for submissions and polls already under way, so
   * that their answers (an order id, a status) are journaled before the next
   * session opens the same journal file.
   */
  async close(): Promise<void> {
    this.scheduler.stop();
    await Promise.allSettled([...this.inFlight]);
    await this.scheduler.whenIdle().catch(() => undefined);
    await this.journal.flush().catch(() => undefined);
    this.journal.close();
    // The journal is closed: another process may run this profile now.
    this.lock?.release();
    await this.client.close();
    if (this.node) await this.node.close();
    if (this.simulator) await this.simulator.close();
    this.secrets.delete(this.credentials.apiSecret);
    this.secrets.delete(this.credentials.apiKey);
  }
}
