import { rm } from 'node:fs/promises';
import type { OrderIntent, TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { startSimulator, tronAddressFromSeed, type Fault, type Simulator } from '../../../src/core/simulator/index.ts';
import { CoreIncarnation, type CoreConfig, type CoreListeners } from './core-incarnation.ts';
import { seededRandom } from '../../support/seeded-random.ts';
import { SoakLedger } from './soak-ledger.ts';
import { SteppedClock } from './stepped-clock.ts';
import { tempDir } from '../../support/temp-dir.ts';

const USER = { apiKey: 'soak-api-key', secret: 'soak-api-secret', trxSun: 10n ** 15n, usdtMicros: 0n };

/** The faults of issue 7 (the 401 comes from clock skew, see skewed()); a hang costs a real client timeout, so it is drawn less often. */
const FAULT_KINDS: readonly Fault[] = [
  { kind: 'status', status: 500 },
  { kind: 'status', status: 502 },
  { kind: 'reset' },
  { kind: 'reset' },
  { kind: 'malformed' },
  { kind: 'malformed' },
  { kind: 'hang' },
];

export const SOAK_TIMING = {
  /** Real ms: what a hanging reply costs. */
  clientTimeoutMs: 300,
  stallAfterMs: 90_000,
  stepMs: 1_000,
};

/** Turns of the event loop (each with a poll phase) without a new request before the simulator's log is read. */
const QUIET_TURNS = 3;

/** Most orders finish within seconds, some within a minute, a few only after the stall limit. */
function finishDelay(random: () => number): number {
  const r = random();
  if (r < 0.8) return 1_000 + Math.floor(random() * 9_000);
  if (r < 0.95) return 10_000 + Math.floor(random() * 50_000);
  return 100_000 + Math.floor(random() * 100_000);
}

/**
 * The system under test for one command sequence: the simulator on loopback
 * (it outlives every incarnation of the core), the current core, the shared
 * stepped clock and the ledger of what was observed.
 */
export class SoakWorld {
  readonly clock: SteppedClock;
  readonly ledger = new SoakLedger();
  readonly sim: Simulator;
  core: CoreIncarnation;
  private readonly config: CoreConfig;
  private readonly random: () => number;
  private readonly listeners: CoreListeners;
  private readonly reclaimed = new Set<string>();
  private seq = 0;
  authRequired = 0;
  crashes = 0;

  private constructor(clock: SteppedClock, sim: Simulator, core: CoreIncarnation, config: CoreConfig, random: () => number, listeners: CoreListeners) {
    this.clock = clock;
    this.sim = sim;
    this.core = core;
    this.config = config;
    this.random = random;
    this.listeners = listeners;
  }

  static async create(seed: number): Promise<SoakWorld> {
    const random = seededRandom(seed);
    const clock = new SteppedClock(1_700_000_000_000);
    const sim = await startSimulator({
      users: [USER],
      now: clock.now,
      requestLogLimit: 1_000_000,
      finishAt: () => finishDelay(random),
      outcome: () => (random() < 0.15 ? 'failed' : 'success'),
    });
    sim.faults.setRandomFaults({ rate: 0.2, kinds: FAULT_KINDS, random: seededRandom(seed ^ 0x5eed), phase: 'mixed' });
    const config: CoreConfig = {
      dir: tempDir('soak'),
      baseUrl: sim.baseUrl,
      apiKey: USER.apiKey,
      secret: USER.secret,
      timeoutMs: SOAK_TIMING.clientTimeoutMs,
      scheduler: { stallAfterMs: SOAK_TIMING.stallAfterMs, random },
    };
    const holder: { world?: SoakWorld } = {};
    const listeners: CoreListeners = {
      orderUpdated: (order) => holder.world?.ledger.observe(order),
      orderFinished: (n) => holder.world?.ledger.notified(n.localId),
      authRequired: () => {
        if (holder.world) holder.world.authRequired++;
      },
    };
    const core = await CoreIncarnation.open(clock, config, listeners);
    const world = new SoakWorld(clock, sim, core, config, random, listeners);
    holder.world = world;
    core.scheduler.start();
    await world.settle();
    return world;
  }

  private address(): string {
    return tronAddressFromSeed(`soak-${this.config.dir}-${++this.seq}`);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  intent(kind: 'energy' | 'net' | 'fast_recover' | 'activation'): OrderIntent {
    const base = { profileId: 'default', address: this.address() };
    switch (kind) {
      case 'energy':
        return { ...base, kind, count: 65_000, period: this.pick(['15minutes', '1h', '1day', '3day']) };
      case 'net':
        return { ...base, kind, count: 1_000, period: this.pick(['1day', '3day']) };
      case 'fast_recover':
        return { ...base, kind, resource: this.pick(['energy', 'net'] as const), count: 65_000 };
      case 'activation':
        return { ...base, kind };
    }
  }

  /** A reclaim of a succeeded energy order not reclaimed before, if there is one. */
  reclaimIntent(): OrderIntent | undefined {
    const target = this.core.journal.list().find((o) => o.kind === 'energy' && o.state === 'succeeded' && o.orderSn !== null && !this.reclaimed.has(o.orderSn));
    if (!target?.orderSn) return undefined;
    this.reclaimed.add(target.orderSn);
    return { kind: 'reclaim', profileId: 'default', address: target.address, orderSn: target.orderSn };
  }

  /** One paid operation through submitPaidOrder, handed to the scheduler as the app does. */
  async paid(intent: OrderIntent): Promise<TrackedOrder | undefined> {
    this.ledger.operations++;
    const order = await this.core.submit(intent);
    if (order) this.ledger.observe(order);
    return order;
  }

  async settle(): Promise<void> {
    await this.core.settle();
  }

  /** Lets time pass in steps; a user whose polling paused on a 401 fixes it at once. */
  async advance(ms: number, stepMs = SOAK_TIMING.stepMs): Promise<void> {
    await this.clock.advance(ms, stepMs, async () => {
      if (this.core.scheduler.isPaused()) this.core.scheduler.resume();
      await this.settle();
    });
  }

  /** The service's clock runs `seconds` off for the duration of `during`: the client's skew correction absorbs it. */
  async skewed(seconds: number, during: () => Promise<void>): Promise<void> {
    this.sim.setClockOffsetSeconds(seconds);
    try {
      await during();
    } finally {
      this.sim.setClockOffsetSeconds(0);
    }
  }

  private async reopen(): Promise<void> {
    this.core = await CoreIncarnation.open(this.clock, this.config, this.listeners);
    for (const order of this.core.journal.list()) this.ledger.observe(order);
    this.core.scheduler.start();
    await this.settle();
  }

  async restart(): Promise<void> {
    await this.core.stop();
    await this.reopen();
  }

  /**
   * Crashes the core in the middle of work: `intents` submitted and time moved
   * by `advanceMs` without waiting, then the crash after `realDelayMs` of real time.
   */
  async crash(intents: readonly OrderIntent[], advanceMs: number, realDelayMs: number): Promise<void> {
    for (const intent of intents) void this.paid(intent);
    this.clock.fireUntil(this.clock.now() + advanceMs);
    await new Promise((resolve) => setTimeout(resolve, realDelayMs));
    await this.core.crash();
    this.crashes++;
    await this.reopen();
    this.ledger.afterCrash(this.core.journal.list());
  }

  /** The invariants, once the simulator has read every request the client already wrote (see wireSettled). */
  async check(): Promise<ReturnType<SoakLedger['check']>> {
    await this.wireSettled();
    return this.ledger.check(this.core.journal.list(), this.sim.requests);
  }

  /**
   * Client and simulator share one event loop. Under load a client deadline
   * (a timer) can fire after the paid request was written to the loopback
   * socket but before the poll phase in which the simulator reads it; the
   * order is rightly outcome_unknown (the request left, and the simulator
   * processes it, perhaps charging, a moment later), yet the simulator's log
   * does not show it yet and the ledger would read "never sent". So the log
   * is read only after a few turns of the loop in which no request arrived.
   */
  private async wireSettled(): Promise<void> {
    let seen = this.sim.requestCount();
    for (let quiet = 0; quiet < QUIET_TURNS; ) {
      await new Promise((resolve) => setImmediate(resolve));
      const count = this.sim.requestCount();
      quiet = count === seen ? quiet + 1 : 0;
      seen = count;
    }
  }

  async close(): Promise<void> {
    await this.core.stop();
    await this.sim.close();
    await rm(this.config.dir, { recursive: true, force: true });
  }
}
