import { vi } from 'vitest';
import type { Clock } from '../../src/core/base/clock.ts';

/**
 * A Clock on vitest's fake timers that also knows when its next timer is due,
 * so tests can step from timer to timer and let real file I/O finish between.
 */
export class FakeTimerClock implements Clock {
  private readonly due = new Map<unknown, number>();

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const handle = setTimeout(() => {
      this.due.delete(handle);
      fn();
    }, ms);
    this.due.set(handle, Date.now() + ms);
    return handle;
  }

  clearTimeout(handle: unknown): void {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
    this.due.delete(handle);
  }

  armed(): number {
    return this.due.size;
  }

  nextAt(): number | undefined {
    return this.due.size === 0 ? undefined : Math.min(...this.due.values());
  }

  /**
   * Advances fake time by `ms`, one timer at a time, awaiting `settle` (the
   * scheduler's whenIdle) after each so that real I/O completes in between.
   */
  async advance(ms: number, settle: () => Promise<void>): Promise<void> {
    const end = Date.now() + ms;
    for (;;) {
      await settle();
      const next = this.nextAt();
      if (next === undefined || next > end) break;
      await vi.advanceTimersByTimeAsync(Math.max(0, next - Date.now()));
    }
    await vi.advanceTimersByTimeAsync(Math.max(0, end - Date.now()));
    await settle();
  }
}
