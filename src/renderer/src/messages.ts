import { formatCount, formatMoney, shortenAddress } from '../../shared/format.ts';
import type { IpcError, IpcErrorCode, OrderView, ServiceHealthView } from '../../shared/ipc.ts';

/**
 * The dashboard's words that are not labels of one control: error titles,
 * validation errors in words, the service banner and the order toasts. One
 * place, so wording stays consistent and a translation has one file to start from.
 */

export const ERROR_TITLES: Record<IpcErrorCode, string> = {
  invalid_input: 'Check the input',
  forbidden_sender: 'Request refused',
  unknown_method: 'Request refused',
  authentication: 'Authentication failed',
  insufficient_balance: 'Not enough balance',
  not_found: 'Not found',
  server: 'The service had a problem',
  network: 'Cannot reach the service',
  malformed_response: 'Unexpected answer from the service',
  // Also the app's own refusals (a preset's cap, an account switch): not always the service's.
  rejected: 'Not done',
  outcome_unknown: 'Outcome unknown — check Orders and the service console',
  not_approved: 'Not approved — nothing was sent or changed',
  spending_limit: 'Daily spending limit reached',
  clock: "Check this computer's clock",
  keychain: 'Keychain problem',
  storage: 'Could not save',
  node: 'TRON node problem',
  internal: 'Something went wrong',
};

/** What a request field is called in a sentence. */
const FIELD_WORDS: Record<string, string> = {
  address: 'The address',
  count: 'The amount',
  period: 'The period',
  name: 'The name',
  capSun: 'The spending cap',
  baseUrl: 'The service address',
  apiKey: 'The API key',
  apiSecret: 'The API secret',
  url: 'The link',
  nodeUrl: 'The node address',
};

/**
 * main's request check speaks for developers ("Invalid request for
 * app:checkAddress (address): Too big: expected string to have <=128
 * characters"); this says the same to a person.
 */
export function errorMessageWords(error: IpcError): string {
  const invalid = /^Invalid request for app:\w+(?: \(([\w.]+)\))?: (.*)$/.exec(error.message);
  if (invalid) {
    const field = (invalid[1] ?? '').split('.').pop() ?? '';
    const subject = FIELD_WORDS[field] ?? 'A value';
    const detail = invalid[2] ?? '';
    if (/too big|<=/i.test(detail)) return `${subject} is too long.`;
    if (/too small|>=/i.test(detail)) return `${subject} is too short or too small.`;
    return `${subject} is not valid.`;
  }
  // "…before retrying.: outcome unknown" and similar: no stray punctuation before a suffix.
  return error.message.replace(/\.:\s*/g, ' — ').trim();
}

export function serviceBannerText(health: ServiceHealthView): string | null {
  switch (health.status) {
    case 'unreachable':
      return 'The service is not answering. Balances and orders may be out of date; Energy Tray keeps trying.';
    case 'auth_failed':
      return 'The service refused the API key (authentication failed). Polling is paused: check the key and the IP allowlist, then reconnect in Settings.';
    default:
      return null;
  }
}

export const KEYCHAIN_BANNER = 'The system keychain is not available, so an account cannot be saved. The demo still works.';

const orderLabel = (o: OrderView): string => {
  const amount = o.count !== null ? `${formatCount(o.count)} ${o.resource === 'net' ? 'bandwidth' : 'energy'}` : '';
  const what = o.kind === 'activation' ? 'Activation' : o.kind === 'reclaim' ? 'Reclaim' : o.kind === 'fast_recover' ? `Fast recover ${amount}` : amount;
  return `${what} → ${shortenAddress(o.address, 4, 4)}`;
};

/** The in-app toast for an order that finished, shown whether or not OS notifications are on. */
export function orderOutcomeToast(o: OrderView): { level: 'ok' | 'error' | 'warn'; message: string } | null {
  const cost = o.chargedSun ?? o.quotedSun;
  switch (o.state) {
    case 'succeeded':
      return { level: 'ok', message: `${orderLabel(o)}: succeeded${cost ? ` (${formatMoney(cost, 'price')})` : ''}.` };
    case 'failed':
      return { level: 'error', message: `${orderLabel(o)}: failed.${o.error ? ` ${o.error}` : ''}` };
    case 'stalled':
      return { level: 'warn', message: `${orderLabel(o)}: still running after 30 minutes — check the service console.` };
    case 'outcome_unknown':
      return { level: 'warn', message: `${orderLabel(o)}: outcome unknown — check Orders before buying the same again.` };
    default:
      return null;
  }
}

/** "2 min 05 s", "1 h 12 min": how long something has been running. */
export function elapsedWords(fromMs: number, nowMs: number): string {
  const s = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
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

/** "60 s" → "1 minute", "3600" → "1 hour": the refresh interval in words. */
export function durationWords(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  if (seconds > 60) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${seconds} seconds`;
}
