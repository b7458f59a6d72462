import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient, type RequestEvent } from '../api/client.ts';
import type { ServiceApi } from '../api/types.ts';
import type { Clock } from '../base/clock.ts';
import type { Credentials } from '../credentials/credential-store.ts';
import type { SecretRegistry } from '../base/secret-registry.ts';
import type { PowerEvents } from '../base/power-events.ts';
import { JOURNAL_FILE_NAME, ORDER_DB_FILE_NAME, OrderJournal } from '../orders/order-journal.ts';
import { removeSqliteFile } from '../base/sqlite-file.ts';
import { profileDataDir } from '../settings/user-data-dir.ts';
import { OrderScheduler } from '../orders/scheduler.ts';
import type { Sun } from '../base/money.ts';
import { DEMO_USER, startSimulator, type Simulator, type Timing } from '../simulator/index.ts';

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
  readonly demo: boolean;
  private readonly client: ApiClient;
  private readonly simulator: Simulator | null;
  private readonly credentials: Credentials;
  private readonly secrets: SecretRegistry;
  /** Paid submissions under way: close() waits for them so their answer reaches this journal. */
  private readonly inFlight = new Set<Promise<unknown>>();

  private constructor(parts: {
    profileId: string;
    client: ApiClient;
    journal: OrderJournal;
    scheduler: OrderScheduler;
    simulator: Simulator | null;
    credentials: Credentials;
    secrets: SecretRegistry;
  }) {
    this.profileId = parts.profileId;
    this.client = parts.client;
    this.api = parts.client;
    this.journal = parts.journal;
    this.scheduler = parts.scheduler;
    this.simulator = parts.simulator;
    this.demo = parts.simulator !== null;
    this.credentials = parts.credentials;
    this.secrets = parts.secrets;
  }

  /** A real account: orders journaled under <userData>/profiles/<profileId>/. */
  static async openAccount(
    deps: SessionDeps,
    account: { profileId: string; baseUrl: string; credentials: Credentials; userDataDir: string },
    settings: SessionSettings,
  ): Promise<Session> {
    const dir = profileDataDir(account.userDataDir, account.profileId);
    return Session.open(deps, account.profileId, account.baseUrl, account.credentials, dir, null, settings);
  }

  /**
   * Demo mode: the simulator runs in-process on 127.0.0.1 with the demo user.
   * Its orders live in <userData>/demo/, emptied at every start because the
   * simulator's state starts afresh too.
   */
  static async openDemo(deps: SessionDeps, userDataDir: string, settings: SessionSettings, timing?: Partial<Timing>): Promise<Session> {
    const dir = join(userDataDir, 'demo');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await rm(join(dir, JOURNAL_FILE_NAME), { force: true });
    removeSqliteFile(join(dir, ORDER_DB_FILE_NAME));
    const simulator = await startSimulator({ users: [DEMO_USER], ...(timing ? { timing } : {}) });
    try {
      const credentials = { apiKey: DEMO_USER.apiKey, apiSecret: DEMO_USER.secret };
      return await Session.open(deps, 'demo', simulator.baseUrl, credentials, dir, simulator, settings);
    } catch (err) {
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
    simulator: Simulator | null,
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
    return new Session({ profileId, client, journal, scheduler, simulator, credentials, secrets: deps.secrets });
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
    await this.client.close();
    if (this.simulator) await this.simulator.close();
    this.secrets.delete(this.credentials.apiSecret);
    this.secrets.delete(this.credentials.apiKey);
  }
}
