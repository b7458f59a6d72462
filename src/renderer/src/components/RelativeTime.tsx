import { useFormat } from '../i18n.ts';

/**
 * "5 min ago", with the absolute time on hover (title) and shown beside it
 * while its row has focus (styles.css), so keyboard users see it too without
 * one more tab stop per row.
 */
export function RelativeTime({ at, now }: { at: number; now: number }) {
  const f = useFormat();
  const absolute = f.dateTime(at);
  return (
    <time className="relative-time" dateTime={new Date(at).toISOString()} title={absolute}>
      {f.age(at, now)}
      <span className="absolute-time"> · {absolute}</span>
    </time>
  );
}
