import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ApiClient } from '../../../src/core/api/client.ts';
import type { CallOptions, ServiceApi } from '../../../src/core/api/types.ts';
import type { OrderEvents } from '../../../src/core/orders/order-events.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import type { OrderIntent, TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { OrderScheduler, type SchedulerOptions } from '../../../src/core/orders/scheduler.ts';
import { submitPaidOrder } from '../../../src/core/orders/submit-paid-order.ts';
import type { ClockView, SteppedClock } from './stepped-clock.ts';

export interface CoreConfig {
  dir: string;
  baseUrl: string;
  apiKey: string;
  secret: string;
  /** Real ms: the deadline of one client call (a hanging reply costs this much). */
  timeoutMs: number;
  scheduler: Partial<SchedulerOptions>;
}

/** Listeners an incarnation forwards its events to while it is alive. */
export type CoreListeners = { [E in keyof OrderEvents]?: (payload: OrderEvents[E]) => void };

class CrashedError extends Error {
  override readonly name = 'CrashedError';
}

/**
 * Calls made after the crash never leave (the process is gone); calls already
 * running go on. A paid call leaves only after its beforeSend (the journal
 * write), so a crash during that write stops it there too.
 */
function killable(api: ServiceApi, isDead: () => boolean): ServiceApi {
  const crashed = (): Promise<never> => Promise.reject(new CrashedError('the core crashed before sending'));
  const stopAfterHook = (arg: unknown): unknown => {
    if (typeof arg !== 'object' || arg === null || !('beforeSend' in arg)) return arg;
    const options = arg as CallOptions;
    return {
      ...options,
      beforeSend: async () => {
        await options.beforeSend?.();
        if (isDead()) await crashed();
      },
    };
  };
  return new Proxy(api, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown =>
        isDead() ? crashed() : (value as (...a: unknown[]) => unknown).apply(target, args.map(stopAfterHook));
    },
  });
}

function readIfPresent(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** The database and its write-ahead log: what a killed process leaves of the journal. */
const journalFiles = (path: string): string[] => [path, `${path}-wal`];

const noWait = (_ms: number, signal: AbortSignal): Promise<void> => (signal.aborted ? Promise.reject(signal.reason as Error) : Promise.resolve());

/**
 * One run of the app's core: the real ApiClient, journal and scheduler over a
 * data directory. It ends either with stop() (a clean quit) or crash(): the
 * disk as it was at that instant is all the next incarnation gets.
 */
export class CoreIncarnation {
  readonly journal: OrderJournal;
  readonly scheduler: OrderScheduler;
  readonly api: ServiceApi;
  private readonly client: ApiClient;
  private readonly view: ClockView;
  private readonly submits = new Set<Promise<unknown>>();
  private alive = true;

  private constructor(journal: OrderJournal, client: ApiClient, view: ClockView, config: CoreConfig, listeners: CoreListeners) {
    this.journal = journal;
    this.client = client;
    this.view = view;
    this.api = killable(client, () => !this.alive);
    this.scheduler = new OrderScheduler({ api: this.api, journal, clock: view, ...config.scheduler });
    for (const name of Object.keys(listeners) as Array<keyof OrderEvents>) {
      const listener = listeners[name] as ((payload: unknown) => void) | undefined;
      if (listener) this.scheduler.events.on(name, (payload) => this.alive && listener(payload));
    }
  }

  static async open(clock: SteppedClock, config: CoreConfig, listeners: CoreListeners): Promise<CoreIncarnation> {
    const view = clock.view();
    const journal = await OrderJournal.open(config.dir, view);
    const client = new ApiClient({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      secret: config.secret,
      timeoutMs: config.timeoutMs,
      now: clock.now,
      sleep: noWait,
    });
    return new CoreIncarnation(journal, client, view, config, listeners);
  }

  get isAlive(): boolean {
    return this.alive;
  }

  /** What the app does for a paid action: submit, then hand the record to the scheduler. Undefined when it crashed meanwhile. */
  async submit(intent: OrderIntent): Promise<TrackedOrder | undefined> {
    const task = submitPaidOrder({ api: this.api, journal: this.journal }, intent);
    this.submits.add(task);
    try {
      const order = await task;
      if (!this.alive) return undefined;
      this.scheduler.track(order.localId);
      return order;
    } finally {
      this.submits.delete(task);
    }
  }

  async settle(): Promise<void> {
    await Promise.allSettled([...this.submits]);
    await this.scheduler.whenIdle();
  }

  /** A clean quit: stop polling, let running requests record their answers, close the connection pool. */
  async stop(): Promise<void> {
    this.scheduler.stop();
    await this.settle();
    this.alive = false;
    this.view.kill();
    await this.client.close();
    this.journal.close();
  }

  /**
   * The process dies now: no event reaches anyone any more, no timer fires,
   * no new request leaves. Once the leftovers have run out (requests already
   * sent still reach the service), the journal's files (the database and its
   * write-ahead log) are put back as they were at the crash, so the next
   * incarnation sees exactly what a crash leaves.
   */
  async crash(): Promise<void> {
    this.alive = false;
    this.view.kill();
    const files = journalFiles(this.journal.path);
    const atCrash = files.map(readIfPresent);
    this.scheduler.stop();
    await this.settle();
    await this.client.close();
    this.journal.close();
    files.forEach((file, i) => {
      const bytes = atCrash[i];
      if (bytes === null || bytes === undefined) rmSync(file, { force: true });
      else writeFileSync(file, bytes, { mode: 0o600 });
    });
    // The shared-memory index is rebuilt from the log by the next opener, as after a real crash.
    rmSync(`${this.journal.path}-shm`, { force: true });
  }
}
