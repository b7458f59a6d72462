import { shortenAddress } from '../../shared/format.ts';
import { ENGLISH_FORMATS, ENGLISH_T, ENGLISH_WORDS, type Formats, type RendererT, type Words } from './i18n.ts';
import { describeOrder } from './components/order-text.ts';
import type { IpcError, IpcErrorCode, OrderView, ServiceHealthView } from '../../shared/ipc.ts';
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

/** What main said went wrong, in the app's language: its key and values (its English `message` is for logs). */
export function errorMessageWords(error: IpcError, words: Words = ENGLISH_WORDS): string {
  return words({ key: error.key, values: error.values });
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

/** "15minutes" → 15 min, "1h" → 1 h, "3day" → 3 days, in ms; null for a period name the app does not know. */
export function periodMs(period: string | null): number | null {
  const m = /^(\d+)\s*(minutes?|min|m|h|hours?|d|days?)$/i.exec(period ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  if (unit.startsWith('m')) return n * 60_000;
  if (unit.startsWith('h')) return n * 3_600_000;
  return n * 86_400_000;
}

/** "60 s" → "1 minute", "3600" → "1 hour": the refresh interval in words (the language's plurals). */
export function durationWords(seconds: number, t: RendererT = ENGLISH_T): string {
  if (seconds % 3600 === 0) return t('duration.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('duration.minutes', { count: seconds / 60 });
  if (seconds > 60) return t('duration.minSec', { m: Math.floor(seconds / 60), s: seconds % 60 });
  return t('duration.seconds', { s: seconds });
}
