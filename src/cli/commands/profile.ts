import { KeychainError } from '../../core/credentials/credential-store.ts';
import { ENV_BASE_URL, ENV_KEY, ENV_SECRET } from '../access.ts';
import type { Env } from '../access.ts';
import { LOGIN_HINT, usageError } from '../cli-error.ts';
import type { Command } from '../command.ts';
import { cliKeychainMessage } from '../keychain-message.ts';
import { chosenProfile } from '../profiles.ts';
import { readCredentials } from '../read-credentials.ts';
import { keyValueTable } from '../table.ts';
import { formatTrx, formatUnits, unitsToDecimalString } from '../../core/base/money.ts';

const hintText = (hint: string | null): string => (hint === null ? 'none' : `…${hint}`);
const envSet = (env: Env, name: string): boolean => (env[name]?.trim() ?? '') !== '';

export const login: Command = {
  name: 'login',
  synopsis: '[--base-url URL] [--profile NAME]',
  summary: 'verify an API key and secret (read from stdin) and save them in the keychain',
  positionals: [],
  options: [],
  run: async (ctx) => {
    const existing = await chosenProfile(ctx.settings, ctx.values.profile);
    const baseUrl = ctx.values['base-url'] ?? ctx.io.env[ENV_BASE_URL] ?? existing?.baseUrl;
    if (baseUrl === undefined || baseUrl.trim() === '') throw usageError(`login needs the service address: pass --base-url URL (or set ${ENV_BASE_URL}).`);
    const typed = await readCredentials(ctx.io);
    const target = existing ? { profileId: existing.id } : ctx.values.profile === undefined ? {} : { name: ctx.values.profile };
    const result = await ctx.accounts().connect({ ...target, baseUrl, apiKey: typed.apiKey, apiSecret: typed.apiSecret });
    const profile = result.status.profiles.find((p) => p.active);
    for (const warning of result.warnings) ctx.io.writeErr(`warning: ${warning}\n`);
    const json = {
      profile: profile?.name ?? null,
      baseUrl: profile?.baseUrl ?? null,
      keyHint: profile?.keyHint ?? null,
      balance_trx: unitsToDecimalString(result.balances.trxSun),
      balance_usdt: unitsToDecimalString(result.balances.usdtMicros),
    };
    const text = keyValueTable([
      ['Logged in', `profile ${JSON.stringify(json.profile)} (saved in the keychain)`],
      ['Base URL', json.baseUrl ?? ''],
      ['API key', hintText(json.keyHint)],
      ['TRX', formatTrx(result.balances.trxSun)],
      ['USDT', `${formatUnits(result.balances.usdtMicros)} USDT`],
    ]);
    return { json, text };
  },
};

export const logout: Command = {
  name: 'logout',
  synopsis: '[--profile NAME]',
  summary: 'remove the saved key and secret from the keychain',
  positionals: [],
  options: [],
  run: async (ctx) => {
    const profile = await chosenProfile(ctx.settings, ctx.values.profile);
    if (!profile) {
      const which = ctx.values.profile === undefined ? 'No saved login' : `No saved profile named ${JSON.stringify(ctx.values.profile)}`;
      return { json: { profile: null, loggedOut: false }, text: `${which}: nothing to remove.` };
    }
    await ctx.accounts().remove(profile.id);
    return {
      json: { profile: profile.name, loggedOut: true },
      text: `Logged out of profile ${JSON.stringify(profile.name)}: the key and secret were removed from the keychain.`,
    };
  },
};

export const status: Command = {
  name: 'status',
  synopsis: '[--profile NAME]',
  summary: 'profile, base URL, key hint and whether a secret is stored (never the secret)',
  positionals: [],
  options: [],
  run: async (ctx) => {
    const { env } = ctx.io;
    const envCredentials = envSet(env, ENV_KEY) && envSet(env, ENV_SECRET);
    const envNote = envCredentials ? `yes (${ENV_KEY}/${ENV_SECRET} are used instead of the saved login)` : 'no';
    const profile = await chosenProfile(ctx.settings, ctx.values.profile);
    if (!profile) {
      return {
        json: { profile: null, baseUrl: null, keyHint: null, secretStored: false, envCredentials },
        text: keyValueTable([
          ['Profile', `none saved (log in with: ${LOGIN_HINT} --base-url URL)`],
          ['Env credentials', envNote],
        ]),
      };
    }
    let secretStored: boolean | null;
    let keychainProblem: string | undefined;
    try {
      secretStored = (await ctx.store.get(profile.id)) !== null;
    } catch (err) {
      if (!(err instanceof KeychainError)) throw err;
      secretStored = null;
      keychainProblem = cliKeychainMessage(err);
    }
    const json = {
      profile: profile.name,
      baseUrl: profile.baseUrl,
      keyHint: profile.keyHint,
      secretStored,
      lastVerifiedAt: profile.lastVerifiedAt === null ? null : new Date(profile.lastVerifiedAt).toISOString(),
      envCredentials,
      ...(keychainProblem === undefined ? {} : { keychain: keychainProblem }),
    };
    const text = keyValueTable([
      ['Profile', profile.name],
      ['Base URL', profile.baseUrl],
      ['API key', hintText(profile.keyHint)],
      ['Secret stored', secretStored === null ? `unknown: ${keychainProblem ?? ''}` : secretStored ? 'yes' : 'no'],
      ['Last verified', json.lastVerifiedAt ?? 'never'],
      ['Env credentials', envNote],
    ]);
    return { json, text };
  },
};
