import { formatAge } from '../../../shared/format.ts';

/**
 * "5 min ago", with the absolute time on hover (title) and shown beside it
 * while its row has focus (styles.css), so keyboard users see it too without
 * one more tab stop per row.
 */
export function RelativeTime({ at, now }: { at: number; now: number }) {
  const absolute = new Date(at).toLocaleString();
  return (
    <time className="relative-time" dateTime={new Date(at).toISOString()} title={absolute}>
      {formatAge(at, now)}
      <span className="absolute-time"> · {absolute}</span>
    </time>
  );
}
