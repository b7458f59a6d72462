import { safeTimerMs, type Clock } from './clock.ts';

interface VirtualTimer {
  at: number;
  seq: number;
  fn: () => void;
}

/**
 * Virtual time for benchmarks and simulations: nothing fires by itself; the
 * driver calls step() to jump to the earliest timer and run it, so hours of
 * polling run in milliseconds with the real scheduler code.
 */
export class VirtualClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, VirtualTimer>();

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    // Clamped as the system clock clamps, so a test sees what the app would do.
    this.timers.set(id, { at: this.time + safeTimerMs(ms), seq: id, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.timers.delete(handle);
  }

  pendingTimers(): number {
    return this.timers.size;
  }

  /** When the earliest timer is due, if any. */
  nextAt(): number | undefined {
    return this.earliest()?.[1].at;
  }

  /** Jumps to the earliest timer and runs it; false when none is armed. */
  step(): boolean {
    const first = this.earliest();
    if (!first) return false;
    const [id, timer] = first;
    this.timers.delete(id);
    this.time = Math.max(this.time, timer.at);
    timer.fn();
    return true;
  }

  /** Moves time forward without running anything (timers due by then run on the next step()). */
  advanceTo(time: number): void {
    this.time = Math.max(this.time, time);
  }

  private earliest(): [number, VirtualTimer] | undefined {
    let best: [number, VirtualTimer] | undefined;
    for (const entry of this.timers) {
      const [, t] = entry;
      if (!best || t.at < best[1].at || (t.at === best[1].at && t.seq < best[1].seq)) best = entry;
    }
    return best;
  }
}
