import { BackgroundWork } from './background-work.ts';
import type { Clock } from './clock.ts';
import { PauseReasons } from './pause-reasons.ts';
import { pauseWithPower, type PowerEvents } from './power-events.ts';
import { TimerSlot } from './timer-slot.ts';

/** A job of a poller: when it is due and whether its request is under way. */
export interface DueJob {
  dueAt: number;
  inFlight: boolean;
}

export interface DueTask {
  job: DueJob;
  run(): Promise<void>;
}

export interface PollLoopOptions {
  clock: Clock;
  /** Requests in flight at once. */
  maxInFlight: number;
  /** Where the requests run (the owner waits on it too). */
  work: BackgroundWork;
  /** The jobs not in flight, each with the request it makes when due. */
  waiting(): DueTask[];
  onPauseChanged(paused: boolean, reasons: string[]): void;
  /** The last pause reason was lifted: make what should be checked at once due `now`. */
  onResumed(now: number): void;
}

/**
 * The discipline the pollers share (the order scheduler, the wallet
 * watcher): one timer armed for the earliest due job, due jobs launched in
 * due order up to a cap on requests in flight (a finishing one pumps again),
 * nothing while stopped or paused, and on resume everything due at once.
 */
export class PollLoop {
  private readonly options: PollLoopOptions;
  private readonly timer: TimerSlot;
  private readonly pauses = new PauseReasons();
  private inFlight = 0;
  private running = false;

  constructor(options: PollLoopOptions) {
    this.options = options;
    this.timer = new TimerSlot(options.clock, () => this.pump());
  }

  start(): boolean {
    if (this.running) return false;
    this.running = true;
    return true;
  }

  /** No new requests or timers; requests in flight still finish. */
  stop(): void {
    this.running = false;
    this.timer.disarm();
  }

  pause(reason: string): void {
    if (!this.pauses.add(reason)) return;
    this.timer.disarm();
    this.options.onPauseChanged(true, this.pauses.list());
  }

  /** Lifts one reason (or all); once none is left, the owner makes its jobs due and they run. */
  resume(reason?: string): void {
    if (!this.pauses.lift(reason)) return;
    this.options.onResumed(this.options.clock.now());
    this.options.onPauseChanged(false, []);
    this.pump();
  }

  get paused(): boolean {
    return this.pauses.paused;
  }

  pausedFor(reason: string): boolean {
    return this.pauses.list().includes(reason);
  }

  pump(): void {
    if (!this.running || this.paused) {
      this.timer.disarm();
      return;
    }
    const now = this.options.clock.now();
    const waiting = this.options.waiting().sort((a, b) => a.job.dueAt - b.job.dueAt);
    let next: number | undefined;
    for (const task of waiting) {
      if (task.job.dueAt > now) {
        next = task.job.dueAt;
        break;
      }
      if (this.inFlight >= this.options.maxInFlight) break;
      this.launch(task);
    }
    if (next === undefined) this.timer.disarm();
    else this.timer.arm(next);
  }

  private launch({ job, run }: DueTask): void {
    job.inFlight = true;
    this.inFlight++;
    this.options.work.run(
      run().finally(() => {
        job.inFlight = false;
        this.inFlight--;
        this.pump();
      }),
    );
  }
}

/**
 * A poller around one PollLoop (the order scheduler, the wallet watcher):
 * the loop and the work its requests run in, start and stop with the
 * machine's sleep and network (`power`), and pause and resume by reason.
 * A subclass says what is waiting, what a pause change announces and what
 * is due at once on resume.
 */
export abstract class Poller {
  protected readonly loop: PollLoop;
  protected readonly work: BackgroundWork;
  /** Undone by stop(): what start() subscribed (the power events, and a subclass's own). */
  protected readonly subscriptions: Array<() => void> = [];
  private readonly power: PowerEvents | undefined;

  constructor(options: { name: string; clock: Clock; maxInFlight: number; power?: PowerEvents | undefined }) {
    this.power = options.power;
    this.work = new BackgroundWork((err) => console.error(`${options.name} task failed`, err));
    this.loop = new PollLoop({
      clock: options.clock,
      maxInFlight: options.maxInFlight,
      work: this.work,
      waiting: () => this.waiting(),
      onPauseChanged: (paused, reasons) => this.pauseChanged(paused, reasons),
      onResumed: (now) => this.resumed(now),
    });
  }

  /** The jobs not in flight, each with the request it makes when due. */
  protected abstract waiting(): DueTask[];
  protected abstract pauseChanged(paused: boolean, reasons: string[]): void;
  /** The last pause reason was lifted: make what should be checked at once due `now`. */
  protected abstract resumed(now: number): void;

  /** Starts the loop, paused while the machine sleeps or is offline; false when it was running already. */
  protected startLoop(): boolean {
    if (!this.loop.start()) return false;
    if (this.power) this.subscriptions.push(...pauseWithPower(this.power, this));
    return true;
  }

  /** No new requests or timers; requests in flight still record their answers. */
  stop(): void {
    this.loop.stop();
    for (const off of this.subscriptions.splice(0)) off();
  }

  /** Pauses polling for a reason ('suspend', 'offline', 'auth', 'user', …) until that reason is lifted. */
  pause(reason: string): void {
    this.loop.pause(reason);
  }

  /** Lifts one reason (or all); once none is left, what `resumed` made due runs at once. */
  resume(reason?: string): void {
    this.loop.resume(reason);
  }

  isPaused(): boolean {
    return this.loop.paused;
  }

  protected pump(): void {
    this.loop.pump();
  }
}
