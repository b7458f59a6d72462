import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../../shared/i18n/languages.ts';
import { NAME_MAX } from '../../shared/user-names.ts';

/** 2: auto top-up rules and "pause all auto top-ups" (issue 15); 3: presets per profile (ADR 0022). */
export const SETTINGS_VERSION = 3;

export const PROFILE_NAME_MAX = NAME_MAX.profile;

/**
 * 100 TRX a day: about thirty of the default one-click top-ups (3.25 TRX for
 * 65,000 energy, 6.50 TRX for 131,000 at the simulator's prices), more than a
 * person sending USDT by hand uses in a day, while a compromised dashboard or
 * a runaway rule can lose at most this much before someone looks. Raised only
 * through a main-drawn approval.
 */
export const DEFAULT_DAILY_LIMIT_SUN = '100000000';

const sunText = z.string().regex(/^(0|[1-9]\d{0,29})$/, 'a whole number of SUN');

/**
 * A profile is an account at the service: a name, a base URL and (in the
 * keychain, under its id) the key and secret. Deliberately no field for the
 * key or secret: only the key's last 4 characters, as a hint.
 */
export const profileSchema = z.object({
  id: z.uuid(),
  name: z.string().trim().min(1).max(PROFILE_NAME_MAX),
  baseUrl: z.string().min(1).max(2048),
  keyHint: z.string().max(4).nullable(),
  lastVerifiedAt: z.number().int().nonnegative().nullable(),
});

export const settingsSchema = z
  .object({
    version: z.literal(SETTINGS_VERSION),
    profiles: z.array(profileSchema).default([]),
    activeProfileId: z.string().nullable().default(null),
    /** The mode last chosen on the welcome screen. */
    demo: z.boolean().default(false),
    pollIntervalSeconds: z.number().int().min(15).max(3600).default(60),
    /** Decimal integer SUN; 10 TRX by default. */
    lowBalanceThresholdSun: sunText.default('10000000'),
    /** What paid orders may cost per calendar day, all paths together (core/orders/spend-limit.ts). */
    dailyLimitSun: sunText.default(DEFAULT_DAILY_LIMIT_SUN),
    notificationsEnabled: z.boolean().default(true),
    launchAtLogin: z.boolean().default(false),
    /** An order is called large (in the dashboard's confirmation and main's approval) over this share of the TRX balance… */
    largeOrderPercent: z.number().int().min(1).max(100).default(10),
    /** …or over this many SUN (20 TRX by default). */
    largeOrderSun: sunText.default('20000000'),
    /** Where the dashboard window was, so it opens there again; main checks it is still on a screen. */
    dashboardBounds: z
      .object({
        x: z.number().int(),
        y: z.number().int(),
        width: z.number().int().min(200).max(20000),
        height: z.number().int().min(200).max(20000),
      })
      .nullable()
      .default(null),
    /** One-click presets of every profile, each naming its profile, validated by the presets module; here only "a list of objects". */
    presets: z.array(z.record(z.string(), z.unknown())).default([]),
    /**
     * The TRON full node the wallet readings come from; null is the default
     * (core/chain's DEFAULT_NODE_URL). Its provider key lives in the keychain.
     */
    nodeUrl: z.string().min(1).max(2048).nullable().default(null),
    /**
     * The language chosen in Settings; null follows the system (app.getLocale()).
     * A value this version does not speak (a later version's language, a hand
     * edit) reads as null rather than refusing the whole file: the app then
     * follows the system, else English. Old files need no migration: absent is null.
     */
    language: z.enum(SUPPORTED_LANGUAGES).nullable().catch(null).default(null),
    /** Watched sending wallets of every profile, validated by the wallets module; here only "a list of objects". */
    wallets: z.array(z.record(z.string(), z.unknown())).default([]),
    /** Auto top-up rules of every profile, validated by the rules module (core/rules/rule.ts); here only "a list of objects". */
    rules: z.array(z.record(z.string(), z.unknown())).default([]),
    /** "Pause all auto top-ups": no rule buys while set; resuming is approved in main. */
    autoTopUpPaused: z.boolean().default(false),
    /**
     * What an AI assistant may buy through `energy-tray mcp`, one entry per profile (absent: off), validated
     * by the assistant module (core/assistant/allowance.ts); here only "a list of objects". Created or raised
     * only with main's approval. Absent until the first is set: a file that never had one stays as it was.
     */
    assistantAllowances: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .superRefine((settings, ctx) => {
    const ids = new Set<string>();
    for (const profile of settings.profiles) {
      if (ids.has(profile.id)) ctx.addIssue({ code: 'custom', path: ['profiles'], message: `duplicate profile id ${profile.id}` });
      ids.add(profile.id);
    }
    if (settings.activeProfileId !== null && !ids.has(settings.activeProfileId)) {
      ctx.addIssue({ code: 'custom', path: ['activeProfileId'], message: 'the active profile does not exist' });
    }
  });

export type Settings = z.output<typeof settingsSchema>;
export type Profile = z.output<typeof profileSchema>;

export function defaultSettings(): Settings {
  return settingsSchema.parse({ version: SETTINGS_VERSION });
}
