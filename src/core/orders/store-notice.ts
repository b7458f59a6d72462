import { msg, sunPair } from '../../shared/i18n/message.ts';
import type { Sun } from '../base/money.ts';
import { journalNotice, type JournalNotice } from './journal-notice.ts';
import type { StoreDamage } from './store-mark.ts';

/** The words of the store guard's notices (the notices catalogue), worded wherever they are shown; `message`: English, for logs. */

/**
 * Orders the store lost: their range, the last one's time and local id and,
 * while it is that day, the spend the daily limit counts (the store's plus
 * what it lost) against what the store alone holds.
 */
export function storeBehindNotice(damage: StoreDamage, spentSince: (since: number) => Sun): JournalNotice {
  const counted = spentSince(damage.dayStart);
  const kept = counted > damage.missingSun ? counted - damage.missingSun : 0n;
  const one = damage.toSeq === damage.fromSeq;
  const range = one
    ? msg('notices:storeRangeOne', { number: String(damage.toSeq) })
    : msg('notices:storeRangeMany', { from: String(damage.fromSeq), to: String(damage.toSeq) });
  const values = { range, lastAt: { at: damage.toAt }, lastId: damage.lastLocalId };
  const [countedText, keptText] = sunPair(counted, kept);
  const text =
    damage.missingSun === 0n
      ? msg('notices:storeBehindNoSpend', values)
      : msg('notices:storeBehind', { ...values, counted: countedText, kept: keptText });
  return { ...journalNotice('store_behind', damage.detectedAt, text), damage };
}

/** PRAGMA quick_check found problems: the first ones are named, on one line ("Tree 8 page 8: btreeInitPage() returns error code 11"). */
export function checkFailedNotice(at: number, problems: readonly string[]): JournalNotice {
  const text = problems.join('; ').replace(/\*\*\* in database \w+ \*\*\*/g, '').replace(/\s+/g, ' ').trim();
  const problem = text.length > 200 ? `${text.slice(0, 199)}…` : text;
  return journalNotice('check_failed', at, msg('notices:storeCheckFailed', { problem }));
}
