/**
 * Time as a port: the real clock in the app, vitest's fake timers (which patch
 * Date and setTimeout) or a scaled clock in tests and benchmarks.
 */
export interface Clock {
  now(): number;
  /** `ms` is clamped to the safe range (safeTimerMs): no caller can overflow the runtime's timer. */
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The longest delay a Node or browser timer honours: 2^31−1 ms, about 24.8
 * days. A longer one fires after 1 ms with a TimeoutOverflowWarning, so a
 * poller re-arming for a far-away time would wake hundreds of times a second.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Any delay as a timer can take it: below 0 is 0; past the maximum (Infinity
 * included) is the maximum, and so is NaN (a time that is no number must not
 * fire at once and spin). A timer clamped down fires early: its owner finds
 * nothing due yet and arms again, once every 24.8 days.
 */
export function safeTimerMs(ms: number): number {
  if (Number.isNaN(ms)) return MAX_TIMER_MS;
  return Math.min(MAX_TIMER_MS, Math.max(0, ms));
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, safeTimerMs(ms)),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
