import { DEFAULT_STALL_AFTER_MS } from '../core/orders/status-policy.ts';
import { usageError } from './cli-error.ts';
import { t } from './i18n.ts';

/** watch's default limit: the app's rule that an order running this long is stalled. */
export const DEFAULT_MAX_WAIT_MS = DEFAULT_STALL_AFTER_MS;
export const DEFAULT_MAX_WAIT_TEXT = formatDuration(DEFAULT_MAX_WAIT_MS);

const UNIT_MS: Readonly<Record<string, number>> = { '': 1000, s: 1000, m: 60_000, h: 3_600_000 };
/** A week: longer than any order should run, and far inside the range of a timer. */
const LONGEST_MS = 7 * 24 * 3_600_000;

/** `90s`, `5m`, `1h` or plain seconds (`90`), above zero. */
export function parseDuration(text: string, what: string): number {
  const match = /^(\d{1,9})([smh]?)$/.exec(text.trim());
  if (!match) throw usageError(t('watch.durationFormat', { what, got: JSON.stringify(text) }), 'watch');
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 1000);
  if (ms === 0) throw usageError(t('watch.durationZero', { what }), 'watch');
  if (ms > LONGEST_MS) throw usageError(t('watch.durationLong', { what, got: JSON.stringify(text) }), 'watch');
  return ms;
}

/** 45s, 5m, 1h 30m, 2m 05s: whole seconds, the largest units first. */
export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return m === 0 ? `${h}h` : `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return s === 0 ? `${m}m` : `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}
