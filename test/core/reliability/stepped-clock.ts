import type { Clock } from '../../../src/core/base/clock.ts';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
  owner: ClockView;
}

/**
 * One controllable time shared by the simulator, the journal and every
 * incarnation of the scheduler. Nothing fires by itself: the test moves time
 * in coarse steps, firing what is due and letting real loopback I/O finish in
 * between. Each incarnation gets its own view, so a "crashed" core's timers can
 * be dropped without touching its successor's.
 */
export class SteppedClock {
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, Timer>();

  constructor(start: number) {
    this.time = start;
  }

  readonly now = (): number => this.time;

  view(): ClockView {
    return new ClockView(this);
  }

  /** Moves time to `time` (never backwards) and runs every timer due by then, earliest first. */
  fireUntil(time: number): void {
    this.time = Math.max(this.time, time);
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= this.time).sort(([, a], [, b]) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) return;
      this.timers.delete(due[0]);
      due[1].fn();
    }
  }

  /** Advances by `ms` in steps of `stepMs`, awaiting `settle` after each step. */
  async advance(ms: number, stepMs: number, settle: () => Promise<void>): Promise<void> {
    const end = this.time + ms;
    while (this.time < end) {
      this.fireUntil(Math.min(end, this.time + stepMs));
      await settle();
    }
  }

  /** @internal */
  add(owner: ClockView, fn: () => void, ms: number): number {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + Math.max(0, ms), seq: id, fn, owner });
    return id;
  }

  /** @internal */
  remove(id: unknown): void {
    if (typeof id === 'number') this.timers.delete(id);
  }

  /** @internal */
  dropAll(owner: ClockView): void {
    for (const [id, t] of this.timers) if (t.owner === owner) this.timers.delete(id);
  }
}

export class ClockView implements Clock {
  private readonly shared: SteppedClock;
  private dead = false;

  constructor(shared: SteppedClock) {
    this.shared = shared;
  }

  now(): number {
    return this.shared.now();
  }

  setTimeout(fn: () => void, ms: number): unknown {
    return this.dead ? 0 : this.shared.add(this, fn, ms);
  }

  clearTimeout(handle: unknown): void {
    this.shared.remove(handle);
  }

  /** The owner crashed: its timers never fire and it arms no new ones. */
  kill(): void {
    this.dead = true;
    this.shared.dropAll(this);
  }
}
