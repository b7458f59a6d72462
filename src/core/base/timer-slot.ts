import type { Clock } from './clock.ts';

/** One timer armed for an absolute time; re-arming for the same time keeps it. */
export class TimerSlot {
  private readonly clock: Clock;
  private readonly fire: () => void;
  private handle: unknown = null;
  private at: number | null = null;

  constructor(clock: Clock, fire: () => void) {
    this.clock = clock;
    this.fire = fire;
  }

  arm(at: number): void {
    if (this.at === at && this.handle !== null) return;
    this.disarm();
    this.at = at;
    this.handle = this.clock.setTimeout(() => {
      this.handle = null;
      this.at = null;
      this.fire();
    }, Math.max(0, at - this.clock.now()));
  }

  disarm(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
    this.at = null;
  }
}
