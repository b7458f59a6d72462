import { assertResourceType } from '../core/api/validation.ts';
import type { ResourceType } from '../core/api/types.ts';
import { LARGEST_COUNT, parseCountText } from '../shared/count-input.ts';
import { OFFERED_PERIODS } from '../shared/order-rules.ts';
import type { OptionValues } from './args.ts';
import { requiredOption } from './args.ts';
import { usageError } from './cli-error.ts';
import { num, t } from './i18n.ts';

export function resourceOption(values: OptionValues, name: 'type' | 'resource'): ResourceType {
  const value = requiredOption(values, name);
  assertResourceType(value, 'local');
  return value;
}

/**
 * --count as the app's forms read a count (src/shared/count-input.ts):
 * "65000", "65,000", "65 000", "65k", "1.5m", exactly, never through a
 * float. The minimums are the core's check, as in the app.
 */
export function countOption(values: OptionValues): number {
  const text = requiredOption(values, 'count');
  const got = JSON.stringify(text);
  if (/^\s*-\s*\d/.test(text)) throw usageError(t('errors.negative', { what: '--count', got }));
  const count = parseCountText(text);
  if (count !== null) return count;
  // Digits alone, only too many of them: say the largest.
  const digits = text.replace(/[\s\u00a0\u202f,'_]/g, '').replace(/^0+/, '');
  if (/^\d+$/.test(digits) && digits.length > String(LARGEST_COUNT).length) {
    throw usageError(t('errors.tooLarge', { what: '--count', got, largest: num(LARGEST_COUNT) }));
  }
  throw usageError(t('errors.notACount', { what: '--count', got }));
}

/**
 * --period, checked here against the periods the service's documentation
 * names for the resource (the app offers the same ones, src/shared/order-rules.ts):
 * an unknown name is refused with the list before anything is sent, instead
 * of earning a bare 400 from the service.
 */
export function periodOption(values: OptionValues, type: ResourceType): string {
  const period = requiredOption(values, 'period');
  const offered = OFFERED_PERIODS[type];
  if (offered.includes(period)) return period;
  const facts = { got: JSON.stringify(period), periods: offered.join(', ') };
  throw usageError(type === 'energy' ? t('errors.energyPeriod', facts) : t('errors.bandwidthPeriod', facts));
}
