// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import type { Clock } from '../../base/clock.ts';
import { TimerSlot } from '../../base/timer-slot.ts';

/** While a watch runs, the views are drawn again this often: predictions move as used energy recovers. */
const REDRAW_EVERY_MS = 60_000;
/** Up to this many wallets a change is drawn at once; more are drawn at most once a second. */
const DRAW_AT_ONCE_UP_TO = 50;
const HOLD_MS = 1_000;

/**
 * How often the wallets' views are drawn. A long list (a merchant's hundreds
 * of addresses, each read as its block comes) is drawn at most once a second,
 * the changes held back meanwhile going out together; while a watch runs the
 * views are drawn again every minute, as their predictions move.
 */
export class DrawPacer {
  private readonly clock: Clock;
  private readonly slot: TimerSlot;
  private drawnAt = -Infinity;
  private held = false;

  constructor(clock: Clock, draw: () => void) {
    this.clock = clock;
    this.slot = new TimerSlot(clock, draw);
  }

  /** Whether to draw now; when not, a drawing is due when the second is over. */
  mayDraw(wallets: number, watching: boolean): boolean {
    const now = this.clock.now();
    if (wallets > DRAW_AT_ONCE_UP_TO && now - this.drawnAt < HOLD_MS) {
      this.held = true;
      this.slot.arm(this.drawnAt + HOLD_MS);
      return false;
    }
    this.drawnAt = now;
    this.held = false;
    if (watching) this.slot.arm(now + REDRAW_EVERY_MS);
    else this.slot.disarm();
    return true;
  }

  /** A drawing was held back and has not gone out yet. */
  holding(): boolean {
    return this.held;
  }

  /** Draws at once next time (a drawing held back goes out now). */
  release(): void {
    this.drawnAt = -Infinity;
  }

  stop(): void {
    this.held = false;
    this.slot.disarm();
  }
}
