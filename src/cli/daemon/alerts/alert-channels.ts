import { createHmac } from 'node:crypto';
import { request } from 'undici';
import type { ChannelSettings } from './alert-settings.ts';

/** One message as every channel gets it. */
export interface AlertMessage {
  /** The episode's key ("balance_low", "rule_stopped:<id>"): a receiver may deduplicate on it with `state`. */
  key: string;
  event: string;
  state: 'firing' | 'resolved' | 'test';
  title: string;
  text: string;
  profile: string;
  /** ms since the epoch. */
  at: number;
}

export type SendResult = { ok: true; status: number } | { ok: false; status: number | null; retry: boolean; error: string };

export const SIGNATURE_HEADER = 'x-energy-tray-signature';
export const TIMESTAMP_HEADER = 'x-energy-tray-timestamp';

/**
 * The webhook's signature: HMAC-SHA256 with the shared secret over
 * "<timestamp>.<body>", hex, as "sha256=<hex>". The timestamp (unix seconds,
 * also its own header) is inside what is signed, so a receiver that refuses
 * old timestamps cannot be fed a captured message again.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface Outgoing {
  url: string;
  headers: Record<string, string>;
  body: string;
}

function webhook(channel: ChannelSettings, secret: string | null, message: AlertMessage): Outgoing {
  const body = JSON.stringify({ ...message, at: new Date(message.at).toISOString(), source: 'energy-tray' });
  const timestamp = String(Math.floor(message.at / 1000));
  const headers: Record<string, string> = { 'content-type': 'application/json', [TIMESTAMP_HEADER]: timestamp };
  if (secret !== null) headers[SIGNATURE_HEADER] = webhookSignature(secret, timestamp, body);
  return { url: channel.url, headers, body };
}

/** ntfy's JSON publishing (UTF-8 titles in any language): POST to the server with the topic in the body. */
function ntfy(channel: ChannelSettings, token: string | null, message: AlertMessage): Outgoing {
  const topicUrl = new URL(channel.url);
  const parts = topicUrl.pathname.split('/').filter((p) => p !== '');
  const topic = parts.pop() ?? '';
  const server = new URL(`/${parts.join('/')}`, topicUrl.origin).toString();
  const priority = message.state === 'firing' ? 4 : 3;
  const tags = [message.state === 'resolved' ? 'white_check_mark' : 'warning'];
  const body = JSON.stringify({ topic, title: message.title, message: message.text, priority, tags });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // eslint-disable-next-line no-restricted-syntax -- an HTTP authorization scheme, not words
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  return { url: server, headers, body };
}

/** Telegram's sendMessage, plain text (no parse mode: a name in the text cannot format or link anything). */
function telegram(channel: ChannelSettings, token: string | null, message: AlertMessage): Outgoing {
  const base = channel.url.replace(/\/+$/, '');
  const body = JSON.stringify({ chat_id: channel.chatId, text: `${message.title}\n${message.text}`, disable_web_page_preview: true });
  return { url: `${base}/bot${token ?? ''}/sendMessage`, headers: { 'content-type': 'application/json' }, body };
}

const BUILD = { webhook, ntfy, telegram } as const;

/**
 * One attempt to deliver `message` on `channel`. The result names the status
 * or the kind of failure, never the URL (Telegram's carries the bot token)
 * or a header. 5xx, 408, 429 and network failures are worth another try.
 */
export async function sendAlert(
  channel: ChannelSettings,
  secret: string | null,
  message: AlertMessage,
  timeoutMs = 10_000,
): Promise<SendResult> {
  if (channel.kind === 'telegram' && secret === null) return { ok: false, status: null, retry: false, error: 'no_token' };
  const out = BUILD[channel.kind](channel, secret, message);
  try {
    // undici follows no redirect unless asked: a 3xx is an answer, never a second request elsewhere.
    const timeouts = { headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
    const res = await request(out.url, { method: 'POST', headers: out.headers, body: out.body, ...timeouts });
    await res.body.dump();
    if (res.statusCode >= 200 && res.statusCode < 300) return { ok: true, status: res.statusCode };
    const retry = res.statusCode >= 500 || res.statusCode === 408 || res.statusCode === 429;
    return { ok: false, status: res.statusCode, retry, error: `http_${res.statusCode}` };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return { ok: false, status: null, retry: true, error: typeof code === 'string' ? code : 'network' };
  }
}
