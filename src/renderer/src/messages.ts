import { shortenAddress } from '../../shared/format.ts';
import { ENGLISH_FORMATS, ENGLISH_T, type Formats, type RendererT } from './i18n.ts';
import { describeOrder } from './components/order-text.ts';
import type { IpcError, IpcErrorCode, OrderView, ServiceHealthView } from '../../shared/ipc.ts';
import { PAUSE_REASONS } from '../../shared/views.ts';
import type { KeyOf } from '../../shared/i18n/catalogue.ts';

/**
 * The dashboard's words that are not labels of one control: error titles,
 * validation errors in words, the service banner and the order toasts. One
 * place, so wording stays consistent and a translation has one file to start from.
 */

/** Each error code's short title (catalogue keys, so a translation has them all). */
const ERROR_TITLE_KEYS: Record<IpcErrorCode, KeyOf<'renderer'>> = {
  invalid_input: 'errors.invalidInput',
  forbidden_sender: 'errors.refused',
  unknown_method: 'errors.refused',
  authentication: 'errors.authentication',
  insufficient_balance: 'errors.insufficientBalance',
  not_found: 'errors.notFound',
  server: 'errors.server',
  network: 'errors.network',
  malformed_response: 'errors.malformedResponse',
  // Also the app's own refusals (a preset's cap, an account switch): not always the service's.
  rejected: 'errors.rejected',
  outcome_unknown: 'errors.outcomeUnknown',
  not_approved: 'errors.notApproved',
  spending_limit: 'errors.spendingLimit',
  clock: 'errors.clock',
  keychain: 'errors.keychain',
  storage: 'errors.storage',
  node: 'errors.node',
  internal: 'errors.internal',
};

export const errorTitle = (code: IpcErrorCode, t: RendererT = ENGLISH_T): string => t(ERROR_TITLE_KEYS[code]);

/** What a request field is called in a sentence. */
const FIELD_WORDS: Record<string, KeyOf<'renderer'>> = {
  address: 'errors.fieldAddress',
  count: 'errors.fieldCount',
  period: 'errors.fieldPeriod',
  name: 'errors.fieldName',
  capSun: 'errors.fieldCap',
  baseUrl: 'errors.fieldBaseUrl',
  apiKey: 'errors.fieldApiKey',
  apiSecret: 'errors.fieldApiSecret',
  url: 'errors.fieldUrl',
  nodeUrl: 'errors.fieldNodeUrl',
};

/**
 * main's request check speaks for developers ("Invalid request for
 * app:checkAddress (address): Too big: expected string to have <=128
 * characters"); this says the same to a person.
 */
export function errorMessageWords(error: IpcError, t: RendererT = ENGLISH_T): string {
  const invalid = /^Invalid request for app:\w+(?: \(([\w.]+)\))?: (.*)$/.exec(error.message);
  if (invalid) {
    const field = (invalid[1] ?? '').split('.').pop() ?? '';
    const subject = t(FIELD_WORDS[field] ?? 'errors.fieldAny');
    const detail = invalid[2] ?? '';
    if (/too big|<=/i.test(detail)) return t('errors.tooLong', { subject });
    if (/too small|>=/i.test(detail)) return t('errors.tooSmall', { subject });
    return t('errors.invalid', { subject });
  }
  // "…before retrying.: outcome unknown" and similar: no stray punctuation before a suffix.
  return error.message.replace(/\.:\s*/g, ' — ').trim();
}

export function serviceBannerText(health: ServiceHealthView, t: RendererT = ENGLISH_T): string | null {
  switch (health.status) {
    case 'unreachable':
      return t('banner.unreachable');
    case 'auth_failed':
      return t('banner.authFailed');
    default:
      return null;
  }
}

const orderLabel = (o: OrderView, t: RendererT, f: Formats): string => {
  // The toast's own short words for these two (the order list says "Address activation", "Reclaim <serial>").
  const what = o.kind === 'activation' ? t('toasts.activation') : o.kind === 'reclaim' ? t('orders.reclaimAny') : describeOrder(o, t, f, false);
  return t('orders.to', { what, address: shortenAddress(o.address, 4, 4) });
};

/** The in-app toast for an order that finished, shown whether or not OS notifications are on. */
export function orderOutcomeToast(o: OrderView, t: RendererT = ENGLISH_T, f: Formats = ENGLISH_FORMATS): { level: 'ok' | 'error' | 'warn'; message: string } | null {
  const cost = o.chargedSun ?? o.quotedSun;
  const order = orderLabel(o, t, f);
  switch (o.state) {
    case 'succeeded':
      return { level: 'ok', message: cost ? t('toasts.succeededCost', { order, cost: f.money(cost, 'price') }) : t('toasts.succeeded', { order }) };
    case 'failed':
      return { level: 'error', message: o.error ? t('toasts.failedWhy', { order, error: o.error }) : t('toasts.failed', { order }) };
    case 'stalled':
      return { level: 'warn', message: t('toasts.stalled', { order }) };
    case 'outcome_unknown':
      return { level: 'warn', message: t('toasts.outcomeUnknown', { order }) };
    default:
      return null;
  }
}

/** "2 min 05 s", "1 h 12 min": how long something has been running. */
export function elapsedWords(fromMs: number, nowMs: number, t: RendererT = ENGLISH_T): string {
  const s = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  if (s < 60) return t('elapsed.seconds', { s });
  const m = Math.floor(s / 60);
  if (m < 60) return t('elapsed.minutes', { m, s: String(s % 60).padStart(2, '0') });
  return t('elapsed.hours', { h: Math.floor(m / 60), m: m % 60 });
}

/** "60 s" → "1 minute", "3600" → "1 hour": the refresh interval in words (the language's plurals). */
export function durationWords(seconds: number, t: RendererT = ENGLISH_T): string {
  if (seconds % 3600 === 0) return t('duration.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('duration.minutes', { count: seconds / 60 });
  if (seconds > 60) return t('duration.minSec', { m: Math.floor(seconds / 60), s: seconds % 60 });
  return t('duration.seconds', { s: seconds });
}

/** main's pause reasons ('auth', 'suspend', …) in words; 'auth' is left to the banner, which says it with its action. */
const PAUSE_WORDS: Readonly<Record<string, KeyOf<'renderer'> | null>> = {
  [PAUSE_REASONS.auth]: null,
  [PAUSE_REASONS.suspend]: 'header.reasons.suspend',
  [PAUSE_REASONS.offline]: 'header.reasons.offline',
  [PAUSE_REASONS.user]: 'header.reasons.user',
};

/** The paused badge's words, or null when the only reason is one the banner already shows. */
export function pausedWords(polling: { paused: boolean; reason: string | null }, t: RendererT = ENGLISH_T): string | null {
  if (!polling.paused) return null;
  if (polling.reason === null) return t('header.paused');
  const reasons = polling.reason.split(', ').flatMap((reason) => {
    const key = PAUSE_WORDS[reason];
    return key === null ? [] : [key === undefined ? reason : t(key)];
  });
  return reasons.length === 0 ? null : t('header.pausedBecause', { reason: reasons.join(', ') });
}
