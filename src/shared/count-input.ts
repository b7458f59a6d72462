/**
 * Counts as people type them: "65000", "65,000", "65 000", "65'000", "65k",
 * "1.5m". Parsed by string arithmetic (no float), so "1.5m" is exactly
 * 1,500,000 and "0.00001k" is refused rather than rounded.
 */

/** At most 15 digits, so the number stays exact in a JS number. */
const MAX_DIGITS = 15;
/** The largest count parseCountText reads. */
export const LARGEST_COUNT = 10 ** MAX_DIGITS - 1;
const GROUP_SEPARATORS = /[\s\u00a0\u202f,'_]/g;
const SUFFIX: Record<string, number> = { k: 3, m: 6 };

/** The whole number `text` means, or null when it is not one (a fraction, a stray letter, too big). */
export function parseCountText(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  const suffixed = /^(\d[\d\s\u00a0\u202f,'_]*)(?:\.(\d+))?\s*([km])$/.exec(trimmed);
  if (suffixed) {
    const whole = suffixed[1]!.replace(GROUP_SEPARATORS, '');
    const fraction = suffixed[2] ?? '';
    const zeros = SUFFIX[suffixed[3]!]!;
    if (fraction.length > zeros) return null;
    return digitsToCount(whole + fraction.padEnd(zeros, '0'));
  }
  if (!/^\d[\d\s\u00a0\u202f,'_]*$/.test(trimmed)) return null;
  if (!groupedCorrectly(trimmed)) return null;
  return digitsToCount(trimmed.replace(GROUP_SEPARATORS, ''));
}

/** "6,5000" is more likely a typo than 65,000: with separators, every group after the first has three digits. */
function groupedCorrectly(text: string): boolean {
  const groups = text.split(/[\s\u00a0\u202f,'_]+/);
  if (groups.length === 1) return true;
  return groups.slice(1).every((g) => g.length === 3) && groups[0]!.length <= 3;
}

function digitsToCount(digits: string): number | null {
  const significant = digits.replace(/^0+(?=\d)/, '');
  if (significant.length === 0 || significant.length > MAX_DIGITS) return null;
  return Number(significant);
}

/**
 * What the field shows while typing: plain digits get thousands separators
 * ("65000" → "65,000"); anything else (a suffix, a half-typed value) stays as
 * typed so the caret never jumps inside text the person is still writing.
 */
export function groupWhileTyping(text: string): string {
  const plain = text.replace(/,/g, '');
  if (!/^\d{1,15}$/.test(plain)) return text;
  return plain.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
