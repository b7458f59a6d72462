import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Account } from './state.ts';

/** Spec section 5: within 5 minutes either way of the server's clock. */
export const MAX_SKEW_SECONDS = 300;

export type AuthResult = { ok: true; account: Account } | { ok: false; msg: string };

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Lower-case hex HMAC-SHA256(secret, apiKey + timestampText). */
export const expectedSignature = (secret: string, apiKey: string, timestampText: string): string =>
  createHmac('sha256', secret).update(apiKey + timestampText).digest('hex');

export function authenticate(
  headers: IncomingHttpHeaders,
  accounts: ReadonlyMap<string, Account>,
  serverNowMs: number,
): AuthResult {
  const apiKey = header(headers, 'x-api-key');
  const timestamp = header(headers, 'x-timestamp');
  const signature = header(headers, 'x-signature');
  if (!apiKey || !timestamp || !signature) return { ok: false, msg: 'missing authentication headers' };
  const account = accounts.get(apiKey);
  if (!account) return { ok: false, msg: 'invalid api key' };
  if (!/^\d{1,15}$/.test(timestamp)) return { ok: false, msg: 'invalid timestamp' };
  if (Math.abs(Number(timestamp) - Math.floor(serverNowMs / 1000)) > MAX_SKEW_SECONDS) {
    return { ok: false, msg: 'timestamp expired' };
  }
  const expected = Buffer.from(expectedSignature(account.secret, apiKey, timestamp), 'latin1');
  const given = Buffer.from(signature, 'latin1');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, msg: 'invalid signature' };
  }
  return { ok: true, account };
}
