import { KeychainError } from '../../core/credentials/credential-store.ts';
import type { Profile } from '../../core/settings/settings-schema.ts';
import { bindingProblem, chooseBaseUrl, ENV_BASE_URL, ENV_KEY, ENV_SECRET, envCredentialsSet, envValue, sourceText } from '../access.ts';
import { loginHint, usageError } from '../cli-error.ts';
import type { CommandCode } from '../command.ts';
import type { ChosenBaseUrl } from '../access.ts';
import type { CommandContext } from '../context.ts';
import { cliKeychainMessage } from '../keychain-message.ts';
import { chosenProfile } from '../profiles.ts';
import { readCredentials } from '../read-credentials.ts';
import { keyValueTable } from '../table.ts';
import { unitsToDecimalString } from '../../core/base/money.ts';
import { t, trx, usdt, words } from '../i18n.ts';

const hintText = (hint: string | null): string => (hint === null ? t('profile.none') : `…${hint}`);

export const login: CommandCode = {
  run: async (ctx) => {
    const existing = await chosenProfile(ctx.settings, ctx.values.profile);
    const baseUrl = ctx.values['base-url'] ?? envValue(ctx.io.env, ENV_BASE_URL) ?? existing?.baseUrl;
    if (baseUrl === undefined || baseUrl.trim() === '') throw usageError(t('login.needsAddress', { envBaseUrl: ENV_BASE_URL }), 'login');
    const before = (await ctx.settings.load()).settings.activeProfileId;
    const typed = await readCredentials(ctx.io);
    const target = existing ? { profileId: existing.id } : ctx.values.profile === undefined ? {} : { name: ctx.values.profile };
    const result = await ctx.accounts().connect({ ...target, baseUrl, apiKey: typed.apiKey, apiSecret: typed.apiSecret });
    const profile = result.status.profiles.find((p) => p.active);
    for (const warning of result.warnings) ctx.notify('warning', words(warning));
    const json = {
      profile: profile?.name ?? null,
      baseUrl: profile?.baseUrl ?? null,
      keyHint: profile?.keyHint ?? null,
      balance_trx: unitsToDecimalString(result.balances.trxSun),
      balance_usdt: unitsToDecimalString(result.balances.usdtMicros),
    };
    const switched = profile !== undefined && profile.id !== before;
    const nowActive = t('login.nowActive', { name: JSON.stringify(json.profile) });
    if (switched && ctx.json) ctx.notify('note', nowActive);
    const text = keyValueTable([
      [t('login.loggedIn'), t('login.savedProfile', { name: JSON.stringify(json.profile) })],
      [t('profile.baseUrl'), json.baseUrl ?? ''],
      [t('profile.apiKey'), hintText(json.keyHint)],
      ['TRX', trx(result.balances.trxSun)],
      ['USDT', usdt(result.balances.usdtMicros)],
    ]);
    return { json, text: switched ? `${text}\n${nowActive}` : text };
  },
};

export const logout: CommandCode = {
  run: async (ctx) => {
    const profile = await chosenProfile(ctx.settings, ctx.values.profile);
    if (!profile) {
      const text =
        ctx.values.profile === undefined ? t('logout.noLogin') : t('logout.noProfile', { name: JSON.stringify(ctx.values.profile) });
      return { json: { profile: null, loggedOut: false }, text };
    }
    const stored = (await ctx.store.get(profile.id)) !== null;
    // Also clears a key hint left without its keychain entry, so status tells the truth.
    if (stored || profile.keyHint !== null) await ctx.accounts().remove(profile.id);
    if (!stored) {
      return {
        json: { profile: profile.name, loggedOut: false },
        text: t('logout.nothingStored', { name: JSON.stringify(profile.name) }),
      };
    }
    return {
      json: { profile: profile.name, loggedOut: true },
      text: t('logout.done', { name: JSON.stringify(profile.name) }),
    };
  },
};

async function secretStoredFor(ctx: CommandContext, profile: Profile): Promise<{ stored: boolean | null; problem?: string }> {
  try {
    return { stored: (await ctx.store.get(profile.id)) !== null };
  } catch (err) {
    if (!(err instanceof KeychainError)) throw err;
    return { stored: null, problem: cliKeychainMessage(err) };
  }
}

function noProfileText(ctx: CommandContext): string {
  const login = `${loginHint()} --base-url URL`;
  return ctx.values.profile === undefined
    ? t('status.noneSaved', { login })
    : t('status.noProfileNamed', { name: JSON.stringify(ctx.values.profile), login });
}

/** Which credentials a command would send to the chosen address, and why not the saved ones. */
interface Verdict {
  credentials: 'env' | 'keychain' | 'refused' | 'none';
  text: string;
}

function credentialsVerdict(
  ctx: CommandContext,
  profile: Profile | undefined,
  chosen: ChosenBaseUrl | undefined,
  stored: boolean | null,
): Verdict {
  if (envCredentialsSet(ctx.io.env)) return { credentials: 'env', text: t('status.fromEnv', { envKey: ENV_KEY, envSecret: ENV_SECRET }) };
  if (profile === undefined || stored === false)
    return { credentials: 'none', text: t('status.noneLogIn', { login: `${loginHint()} --base-url URL` }) };
  const problem = chosen === undefined ? null : bindingProblem(profile, chosen);
  if (problem !== null) return { credentials: 'refused', text: t('status.refused', { problem }) };
  const name = JSON.stringify(profile.name);
  return { credentials: 'keychain', text: stored === null ? t('status.keychainUnread', { name }) : t('status.keychainEntry', { name }) };
}

export const status: CommandCode = {
  run: async (ctx) => {
    const envCredentials = envCredentialsSet(ctx.io.env);
    const profile = await chosenProfile(ctx.settings, ctx.values.profile);
    const chosen = chooseBaseUrl({ env: ctx.io.env, baseUrlFlag: ctx.values['base-url'] }, profile);
    const secret = profile === undefined ? { stored: false } : await secretStoredFor(ctx, profile);
    const verdict = credentialsVerdict(ctx, profile, chosen, secret.stored);
    const json = {
      profile: profile?.name ?? null,
      baseUrl: chosen?.url ?? null,
      baseUrlSource: chosen?.source ?? null,
      savedBaseUrl: profile?.baseUrl ?? null,
      keyHint: profile?.keyHint ?? null,
      secretStored: secret.stored,
      lastVerifiedAt: profile === undefined || profile.lastVerifiedAt === null ? null : new Date(profile.lastVerifiedAt).toISOString(),
      envCredentials,
      credentials: verdict.credentials,
      ...(secret.problem === undefined ? {} : { keychain: secret.problem }),
    };
    const rows: Array<[string, string]> = [
      [t('status.profile'), profile?.name ?? noProfileText(ctx)],
      [
        t('profile.baseUrl'),
        chosen === undefined
          ? t('status.noBaseUrl', { envBaseUrl: ENV_BASE_URL })
          : t('status.baseUrlFrom', { url: chosen.url, source: sourceText(chosen, profile?.name) }),
      ],
    ];
    if (profile !== undefined) {
      if (chosen?.source !== 'profile') rows.push([t('status.savedBaseUrl'), profile.baseUrl]);
      rows.push(
        [t('profile.apiKey'), hintText(profile.keyHint)],
        [
          t('status.secretStored'),
          secret.stored === null
            ? t('status.unknown', { problem: secret.problem ?? '' })
            : secret.stored
              ? t('status.yes')
              : t('status.no'),
        ],
        [t('status.lastVerified'), json.lastVerifiedAt ?? t('status.never')],
      );
    }
    rows.push([t('status.credentials'), verdict.text]);
    return { json, text: keyValueTable(rows) };
  },
};
