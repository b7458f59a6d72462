import { msg, type Message } from '../../shared/i18n/message.ts';

/**
 * How far the client follows the service's clock. Spec section 5: a request
 * is valid within 5 minutes of the server's time, and a 401 carries that
 * time. Following it blindly let a server the client talks to collect
 * signatures valid at any time it liked (the signature covers only the key
 * and the timestamp), and a time of 1e300 broke signing for good.
 */

/** Below a minute the clocks agree well enough (the window is 5 minutes). */
export const SKEW_TOLERANCE_SECONDS = 60;

/** Ordinary drift of an unsynchronised clock: followed without a word. */
export const SILENT_SKEW_LIMIT_SECONDS = 15 * 60;

/**
 * The largest offset followed at all, with a visible notice: a computer
 * whose hardware clock keeps local time read as UTC (dual boot with
 * Windows) is off by its time-zone offset, at most 14 hours (UTC+14,
 * Kiribati; UTC−12 is the other extreme), plus the drift allowed above.
 * Anything further is a clock set to the wrong day, or a server asking for
 * signatures it should not have: refused with a message about the clock.
 */
export const MAX_SKEW_SECONDS = 14 * 3600 + SILENT_SKEW_LIMIT_SECONDS;

/** 9999-12-31T23:59:59Z: no clock shows a later time; beyond it (1e300, say) the server's time is ignored. */
const LATEST_PLAUSIBLE_SECONDS = 253_402_300_799;

export type SkewVerdict =
  | { kind: 'none' }
  | { kind: 'follow'; offsetSeconds: number; notice: boolean }
  | { kind: 'refuse'; offsetSeconds: number };

/**
 * What to do with a 401's server time: nothing (it agrees with the offset in
 * use, or it is not a time: non-finite, negative, absurd), follow it
 * (silently up to 15 minutes, with a notice up to MAX_SKEW_SECONDS), or
 * refuse (beyond that).
 */
export function skewVerdict(serverTimeSeconds: number, localSeconds: number, currentOffset: number): SkewVerdict {
  if (!Number.isFinite(serverTimeSeconds) || serverTimeSeconds < 0 || serverTimeSeconds > LATEST_PLAUSIBLE_SECONDS) return { kind: 'none' };
  if (!Number.isFinite(localSeconds)) return { kind: 'none' };
  const offsetSeconds = Math.round(serverTimeSeconds - localSeconds);
  if (Math.abs(offsetSeconds - currentOffset) <= SKEW_TOLERANCE_SECONDS) return { kind: 'none' };
  if (Math.abs(offsetSeconds) > MAX_SKEW_SECONDS) return { kind: 'refuse', offsetSeconds };
  return { kind: 'follow', offsetSeconds, notice: Math.abs(offsetSeconds) > SILENT_SKEW_LIMIT_SECONDS };
}

/** The notice for a large offset that is followed: it names the offset. */
export function clockOffsetNotice(offsetSeconds: number): Message {
  return msg(offsetSeconds > 0 ? 'notices:clockBehind' : 'notices:clockAhead', { offset: { seconds: offsetSeconds } });
}
