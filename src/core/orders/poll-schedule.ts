/**
 * When to check an order again, as pure functions of its age.
 *
 * The shape follows when orders finish rather than a plain Fibonacci series:
 * most finish within seconds, so checks are dense (every ~2 s) for the first
 * ~12 s, which keeps the typical delay from completion to notification near a
 * second; then every ~6 s up to two minutes, which keeps the delay of slower orders
 * under 6 s at worst (issue 13: 95% of notifications within 6 s on the real clock);
 * after that the gap grows with the age up to the 60 s cap. Jitter
 * (±20%) keeps many orders from polling in lockstep. Errors double the gap per
 * consecutive failure, up to the cap.
 *
 * bench/orders.bench.ts measures this against a fixed 1-second poller.
 */
/** One thing the scheduler polls (an order, the balance): when it is due and how it has been going. */
export interface PollJob {
  dueAt: number;
  inFlight: boolean;
  consecutiveErrors: number;
}

export interface PollSchedule {
  /** Gap while the order is young (the first check comes after this too). */
  denseGapMs: number;
  denseUntilAgeMs: number;
  steadyGapMs: number;
  steadyUntilAgeMs: number;
  /** Beyond steadyUntilAgeMs the gap grows by this many ms per ms of age. */
  growthPerMs: number;
  capMs: number;
  /** ± fraction applied to every delay. */
  jitter: number;
}

export const DEFAULT_POLL_SCHEDULE: Readonly<PollSchedule> = {
  denseGapMs: 2_000,
  denseUntilAgeMs: 12_000,
  steadyGapMs: 6_000,
  steadyUntilAgeMs: 120_000,
  growthPerMs: 0.25,
  capMs: 60_000,
  jitter: 0.2,
};

/** The gap, before jitter, after a check made when the order was `ageMs` old; non-decreasing in age. */
export function nominalGapMs(ageMs: number, schedule: PollSchedule = DEFAULT_POLL_SCHEDULE): number {
  const age = Math.max(0, ageMs);
  if (age < schedule.denseUntilAgeMs) return Math.min(schedule.capMs, schedule.denseGapMs);
  if (age < schedule.steadyUntilAgeMs) return Math.min(schedule.capMs, schedule.steadyGapMs);
  return Math.min(schedule.capMs, schedule.steadyGapMs + schedule.growthPerMs * (age - schedule.steadyUntilAgeMs));
}

/** After `consecutiveErrors` failed checks in a row: double per error, capped. */
export function backoffGapMs(ageMs: number, consecutiveErrors: number, schedule: PollSchedule = DEFAULT_POLL_SCHEDULE): number {
  const base = nominalGapMs(ageMs, schedule);
  if (consecutiveErrors <= 0) return base;
  return Math.min(schedule.capMs, base * 2 ** Math.min(consecutiveErrors, 16));
}

/** `random` returns [0, 1) as Math.random does. */
export function withJitter(ms: number, jitter: number, random: () => number): number {
  return Math.round(ms * (1 + jitter * (2 * random() - 1)));
}

export function nextPollDelayMs(
  ageMs: number,
  consecutiveErrors: number,
  random: () => number,
  schedule: PollSchedule = DEFAULT_POLL_SCHEDULE,
): number {
  return withJitter(backoffGapMs(ageMs, consecutiveErrors, schedule), schedule.jitter, random);
}
