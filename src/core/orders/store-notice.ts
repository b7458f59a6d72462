import { translator } from '../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { formatDateTimeIn, formatTrxIn } from '../../shared/i18n/locale-format.ts';
import type { Sun } from '../base/money.ts';
import type { JournalNotice } from './journal-notice.ts';
import type { StoreDamage } from './store-mark.ts';

/** The words of the store guard's notices (the notices catalogue), in any language; the notice's `message` is English, for logs. */

/**
 * Orders the store lost: their range, the last one's time and local id and,
 * while it is that day, the spend the daily limit counts (the store's plus
 * what it lost) against what the store alone holds.
 */
export function storeBehindNotice(damage: StoreDamage, spentSince: (since: number) => Sun): JournalNotice {
  const counted = spentSince(damage.dayStart);
  const kept = counted > damage.missingSun ? counted - damage.missingSun : 0n;
  const localized = (language: Language): string => {
    const t = translator(language, 'notices');
    const one = damage.toSeq === damage.fromSeq;
    const range = one ? t('storeRangeOne', { number: damage.toSeq }) : t('storeRangeMany', { from: damage.fromSeq, to: damage.toSeq });
    const values = { range, lastAt: formatDateTimeIn(damage.toAt, language), lastId: damage.lastLocalId };
    if (damage.missingSun === 0n) return t('storeBehindNoSpend', values);
    return t('storeBehind', { ...values, counted: formatTrxIn(counted, language), kept: formatTrxIn(kept, language) });
  };
  return { kind: 'store_behind', at: damage.detectedAt, message: localized(SOURCE_LANGUAGE), localized, damage };
}

/** PRAGMA quick_check found problems: the first ones are named, on one line ("Tree 8 page 8: btreeInitPage() returns error code 11"). */
export function checkFailedNotice(at: number, problems: readonly string[]): JournalNotice {
  const text = problems.join('; ').replace(/\*\*\* in database \w+ \*\*\*/g, '').replace(/\s+/g, ' ').trim();
  const problem = text.length > 200 ? `${text.slice(0, 199)}…` : text;
  const localized = (language: Language): string => translator(language, 'notices')('storeCheckFailed', { problem });
  return { kind: 'check_failed', at, message: localized(SOURCE_LANGUAGE), localized };
}
