import { z } from 'zod';
import { MAX_DAILY_BUDGET, MIN_DAILY_BUDGET } from '../../shared/node-budget.ts';
import { t } from '../i18n.ts';

/**
 * The daemon's file (`daemon --config FILE`, TOML) as checked before anything
 * runs: the profile, its TRON node, limits, watched wallets, auto top-up
 * rules, metrics and alert channels. Keys are TOML's snake_case. A secret is
 * never a value here, only a reference: `{ env = "NAME" }` or
 * `{ credential = "file-name" }` (systemd's credentials folder). Amounts are
 * TRX written as text or a whole number ("6.5", 20): a TOML decimal is a
 * float, and money is never a float.
 */

const trx = z.union([
  z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, { error: () => t('config.trxAmount') }),
  z.number().int().min(0).max(999_999_999),
], { error: () => t('config.trxAmount') });

/** A secret by reference only; a plain string is refused with its own message. */
export const secretRef = z.union(
  [
    z.object({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, { error: () => t('config.envName') }) }).strict(),
    z.object({ credential: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, { error: () => t('config.credentialName') }) }).strict(),
  ],
  { error: () => t('config.secretByReference') },
);
export type SecretRef = z.infer<typeof secretRef>;

const whole = (min: number, max: number) => z.number().int().min(min).max(max);

const walletSchema = z
  .object({
    label: z.string(),
    address: z.string(),
    plan: z.enum(['holder', 'new']).default('holder'),
    top_up_transfers: whole(1, 100).default(2),
  })
  .strict();

const ruleSchema = z
  .object({
    name: z.string(),
    wallet: z.string(),
    keep_transfers: whole(1, 100).default(1),
    top_up_transfers: whole(1, 100).default(2),
    buy: z.enum(['timed', 'fast-recover', 'cheapest']).default('timed'),
    period: z.string().optional(),
    daily_cap_trx: trx,
    max_orders_per_day: whole(1, 96).default(4),
    /** The price ceiling in SUN per energy; absent: at most the burn price. */
    max_sun_per_energy: z.number().int().optional(),
    enabled: z.boolean().default(true),
  })
  .strict();

const url = z.string().min(1).max(2048);

export const daemonFileSchema = z
  .object({
    profile: z.object({ name: z.string(), base_url: url }).strict(),
    // The same bounds as the app's Settings field (shared/node-budget.ts).
    node: z
      .object({ url: url.optional(), daily_request_budget: whole(MIN_DAILY_BUDGET, MAX_DAILY_BUDGET).optional() })
      .strict()
      .default({}),
    limits: z
      .object({ daily_limit_trx: trx.optional(), low_balance_trx: trx.optional(), poll_interval_seconds: whole(15, 3600).optional() })
      .strict()
      .default({}),
    wallets: z.array(walletSchema).max(20).default([]),
    rules: z.array(ruleSchema).max(20).default([]),
    metrics: z.object({ listen: z.string().optional(), addresses: z.boolean().default(false) }).strict().default({ addresses: false }),
    alerts: z
      .object({
        down_minutes: z.number().positive().max(1440).default(5),
        per_minute: whole(1, 600).default(10),
        webhook: z.object({ url, secret: secretRef }).strict().optional(),
        ntfy: z.object({ url, token: secretRef.optional() }).strict().optional(),
        telegram: z
          .object({ chat_id: z.union([z.string().min(1).max(64), z.number().int()]), token: secretRef, api_url: url.optional() })
          .strict()
          .optional(),
      })
      .strict()
      .default({ down_minutes: 5, per_minute: 10 }),
  })
  .strict();

export type DaemonFile = z.infer<typeof daemonFileSchema>;
