import type { Env } from '../../access.ts';
import { envValue } from '../../access.ts';
import { readCredential } from '../../systemd-credentials.ts';
import type { DaemonFile, SecretRef } from '../config-schema.ts';

export type ChannelKind = 'webhook' | 'ntfy' | 'telegram';

/** One alert channel as configured: where to, and its secret by reference (never the secret itself). */
export interface ChannelSettings {
  kind: ChannelKind;
  /** The webhook's URL, ntfy's topic URL, Telegram's API base URL. */
  url: string;
  /** The webhook's shared secret, ntfy's token (optional), Telegram's bot token. */
  secret: SecretRef | null;
  chatId: string | null;
}

export interface AlertSettings {
  channels: ChannelSettings[];
  /** The service or the node unreachable for longer than this is alerted. */
  downMinutes: number;
  /** At most this many messages a minute per channel; more wait their turn. */
  perMinute: number;
  /** The node requests a day the provider allows (TronGrid's free plan: 100,000), for the "running short" alert. */
  nodeDailyBudget: number | null;
}

export const TELEGRAM_API = 'https://api.telegram.org';

/** The environment's channels, for a daemon without a file (or a file without [alerts] channels). */
export const ALERT_ENV = {
  webhookUrl: 'ENERGY_TRAY_ALERT_WEBHOOK_URL',
  webhookSecret: 'ENERGY_TRAY_ALERT_WEBHOOK_SECRET',
  ntfyUrl: 'ENERGY_TRAY_ALERT_NTFY_URL',
  ntfyToken: 'ENERGY_TRAY_ALERT_NTFY_TOKEN',
  telegramChatId: 'ENERGY_TRAY_ALERT_TELEGRAM_CHAT_ID',
  telegramToken: 'ENERGY_TRAY_ALERT_TELEGRAM_TOKEN',
  telegramApi: 'ENERGY_TRAY_ALERT_TELEGRAM_API',
} as const;

/** A secret from the environment variable, else the systemd credential of the same purpose. */
const envOrCredential = (env: Env, name: string, credential: string): SecretRef | null =>
  envValue(env, name) !== undefined ? { env: name } : readCredential(env, credential) !== undefined ? { credential } : null;

function fromEnv(env: Env): ChannelSettings[] {
  const channels: ChannelSettings[] = [];
  const webhook = envValue(env, ALERT_ENV.webhookUrl);
  if (webhook !== undefined) {
    const secret = envOrCredential(env, ALERT_ENV.webhookSecret, 'alert-webhook-secret');
    channels.push({ kind: 'webhook', url: webhook, secret, chatId: null });
  }
  const ntfy = envValue(env, ALERT_ENV.ntfyUrl);
  if (ntfy !== undefined) {
    channels.push({ kind: 'ntfy', url: ntfy, secret: envOrCredential(env, ALERT_ENV.ntfyToken, 'alert-ntfy-token'), chatId: null });
  }
  const chatId = envValue(env, ALERT_ENV.telegramChatId);
  if (chatId !== undefined) {
    const url = envValue(env, ALERT_ENV.telegramApi) ?? TELEGRAM_API;
    channels.push({ kind: 'telegram', url, secret: envOrCredential(env, ALERT_ENV.telegramToken, 'alert-telegram-token'), chatId });
  }
  return channels;
}

/** The file's [alerts] channels, else the environment's; the thresholds from the file or their defaults. */
export function alertSettings(file: DaemonFile | null, env: Env): AlertSettings {
  const a = file?.alerts;
  const channels: ChannelSettings[] = [];
  if (a?.webhook) channels.push({ kind: 'webhook', url: a.webhook.url, secret: a.webhook.secret, chatId: null });
  if (a?.ntfy) channels.push({ kind: 'ntfy', url: a.ntfy.url, secret: a.ntfy.token ?? null, chatId: null });
  if (a?.telegram) {
    const { api_url: url = TELEGRAM_API, token, chat_id: chatId } = a.telegram;
    channels.push({ kind: 'telegram', url, secret: token, chatId: String(chatId) });
  }
  return {
    channels: channels.length > 0 ? channels : fromEnv(env),
    downMinutes: a?.down_minutes ?? 5,
    perMinute: a?.per_minute ?? 10,
    nodeDailyBudget: file?.node.daily_request_budget ?? null,
  };
}

/** The secret a reference names, read now (never kept in the settings). */
export function resolveSecret(ref: SecretRef | null, env: Env): string | null {
  if (ref === null) return null;
  return ('env' in ref ? envValue(env, ref.env) : readCredential(env, ref.credential)) ?? null;
}
