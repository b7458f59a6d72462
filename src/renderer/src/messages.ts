import { shortenAddress } from '../../shared/format.ts';
import { ENGLISH_FORMATS, ENGLISH_T, ENGLISH_WORDS, type Formats, type RendererT, type Words } from './i18n.ts';
import { describeOrder } from './components/order-text.ts';
import type { IpcError, IpcErrorCode, OrderView, ServiceHealthView } from '../../shared/ipc.ts';
import { msg, type Message } from '../../shared/i18n/message.ts';
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
  const what =
    o.kind === 'activation' ? t('toasts.activation') : o.kind === 'reclaim' ? t('orders.reclaimAny') : describeOrder(o, t, f, false);
  return t('orders.to', { what, address: shortenAddress(o.address, 4, 4) });
};

/** The in-app toast for an order that finished, shown whether or not OS notifications are on. */
export function orderOutcomeToast(
  o: OrderView,
  t: RendererT = ENGLISH_T,
  f: Formats = ENGLISH_FORMATS,
): { level: 'ok' | 'error' | 'warn'; message: string } | null {
  const cost = o.chargedSun ?? o.quotedSun;
  const order = orderLabel(o, t, f);
  switch (o.state) {
    case 'succeeded':
      return {
        level: 'ok',
        message: cost ? t('toasts.succeededCost', { order, cost: f.money(cost, 'price') }) : t('toasts.succeeded', { order }),
      };
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

/** main's pause reasons without the refused credentials, which the banner already says with its action. */
function withoutAuth(reason: Message): Message | null {
  if (reason.key === 'notices:pausedBy.auth') return null;
  if (reason.key !== 'notices:pausedBy.and') return reason;
  const [first, next] = [reason.values?.['first'], reason.values?.['next']].map((part) =>
    typeof part === 'object' && 'key' in part ? withoutAuth(part) : null,
  );
  if (first === null || first === undefined) return next ?? null;
  return next === null || next === undefined ? first : msg('notices:pausedBy.and', { first, next });
}

/** The paused badge's words, or null when the only reason is one the banner already shows. */
export function pausedWords(
  polling: { paused: boolean; reason: Message | null },
  t: RendererT = ENGLISH_T,
  words: Words = ENGLISH_WORDS,
): string | null {
  if (!polling.paused) return null;
  if (polling.reason === null) return t('header.paused');
  const reasons = withoutAuth(polling.reason);
  return reasons === null ? null : t('header.pausedBecause', { reason: words(reasons) });
}
