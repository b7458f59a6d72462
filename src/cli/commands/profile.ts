import { KeychainError } from '../../core/credentials/credential-store.ts';
import type { Profile } from '../../core/settings/settings-schema.ts';
import { bindingProblem, chooseBaseUrl, ENV_BASE_URL, ENV_KEY, ENV_SECRET, envCredentialsSet, envValue, sourceText } from '../access.ts';
import { loginHint, usageError } from '../cli-error.ts';
import type { Command } from '../command.ts';
import type { ChosenBaseUrl } from '../access.ts';
import type { CommandContext } from '../context.ts';
import { cliKeychainMessage } from '../keychain-message.ts';
import { chosenProfile } from '../profiles.ts';
import { readCredentials } from '../read-credentials.ts';
import { keyValueTable } from '../table.ts';
import { formatTrx, formatUnits, unitsToDecimalString } from '../../core/base/money.ts';

const hintText = (hint: string | null): string => (hint === null ? 'none' : `…${hint}`);

export const login: Command = {
  name: 'login',
  synopsis: '[--base-url URL] [--profile NAME]',
  summary: 'verify an API key and secret (read from stdin) and save them in the keychain',
  details: [
    'On a terminal it asks for the key and the secret without showing them; otherwise it reads them as the first two',
    'lines of stdin. They are saved only after the service accepted them, and the profile becomes the active one.',
  ],
  positionals: [],
  options: [],
  optionNotes: {
    'base-url': `the service address ending in /v2 (else ${ENV_BASE_URL}, else the profile's saved one)`,
    profile: 'log in to this profile, creating it if it does not exist; it becomes the active profile',
  },
  example: 'login --base-url https://api.example.com/v2 --profile Work',
  run: async (ctx) => {
    const existing = await chosenProfile(ctx.settings, ctx.values.profile);
    const baseUrl = ctx.values['base-url'] ?? envValue(ctx.io.env, ENV_BASE_URL) ?? existing?.baseUrl;
    if (baseUrl === undefined || baseUrl.trim() === '') throw usageError(`login needs the service address: pass --base-url URL (or set ${ENV_BASE_URL}).`, 'login');
    const before = (await ctx.settings.load()).settings.activeProfileId;
    const typed = await readCredentials(ctx.io);
    const target = existing ? { profileId: existing.id } : ctx.values.profile === undefined ? {} : { name: ctx.values.profile };
    const result = await ctx.accounts().connect({ ...target, baseUrl, apiKey: typed.apiKey, apiSecret: typed.apiSecret });
    const profile = result.status.profiles.find((p) => p.active);
    for (const warning of result.warnings) ctx.notify('warning', warning);
    const json = {
      profile: profile?.name ?? null,
      baseUrl: profile?.baseUrl ?? null,
      keyHint: profile?.keyHint ?? null,
      balance_trx: unitsToDecimalString(result.balances.trxSun),
      balance_usdt: unitsToDecimalString(result.balances.usdtMicros),
    };
    const switched = profile !== undefined && profile.id !== before;
    const nowActive = `Profile ${JSON.stringify(json.profile)} is now the active profile: commands without --profile use it.`;
    if (switched && ctx.json) ctx.notify('note', nowActive);
    const text = keyValueTable([
      ['Logged in', `profile ${JSON.stringify(json.profile)} (saved in the keychain)`],
      ['Base URL', json.baseUrl ?? ''],
      ['API key', hintText(json.keyHint)],
      ['TRX', formatTrx(result.balances.trxSun)],
      ['USDT', `${formatUnits(result.balances.usdtMicros)} USDT`],
    ]);
    return { json, text: switched ? `${text}\n${nowActive}` : text };
  },
};

export const logout: Command = {
  name: 'logout',
  synopsis: '[--profile NAME]',
  summary: 'remove the saved key and secret from the keychain',
  positionals: [],
  options: [],
  optionNotes: { profile: 'log out of this profile instead of the active one (the profile and its settings stay)' },
  example: 'logout --profile Work',
  run: async (ctx) => {
    const profile = await chosenProfile(ctx.settings, ctx.values.profile);
    if (!profile) {
      const which = ctx.values.profile === undefined ? 'No saved login' : `No saved profile named ${JSON.stringify(ctx.values.profile)}`;
      return { json: { profile: null, loggedOut: false }, text: `${which}: nothing to remove.` };
    }
    const stored = (await ctx.store.get(profile.id)) !== null;
    // Also clears a key hint left without its keychain entry, so status tells the truth.
    if (stored || profile.keyHint !== null) await ctx.accounts().remove(profile.id);
    if (!stored) {
      return {
        json: { profile: profile.name, loggedOut: false },
        text: `Nothing to remove: no key or secret is stored for profile ${JSON.stringify(profile.name)}.`,
      };
    }
    return {
      json: { profile: profile.name, loggedOut: true },
      text: `Logged out of profile ${JSON.stringify(profile.name)}: the key and secret were removed from the keychain.`,
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

/** Which credentials a command would send to the chosen address, and why not the saved ones. */
interface Verdict {
  credentials: 'env' | 'keychain' | 'refused' | 'none';
  text: string;
}

function credentialsVerdict(ctx: CommandContext, profile: Profile | undefined, chosen: ChosenBaseUrl | undefined, stored: boolean | null): Verdict {
  if (envCredentialsSet(ctx.io.env)) return { credentials: 'env', text: `${ENV_KEY}/${ENV_SECRET} from the environment` };
  if (profile === undefined || stored === false) return { credentials: 'none', text: `none (log in with: ${loginHint()} --base-url URL)` };
  const problem = chosen === undefined ? null : bindingProblem(profile, chosen);
  if (problem !== null) return { credentials: 'refused', text: `none: ${problem}` };
  const unknown = stored === null ? ' (the keychain could not be read)' : '';
  return { credentials: 'keychain', text: `the keychain entry of profile ${JSON.stringify(profile.name)}${unknown}` };
}

export const status: Command = {
  name: 'status',
  synopsis: '[--profile NAME]',
  summary: 'the base URL a command would use and its source, the profile, key hint and whether a secret is stored',
  details: ['It never shows the secret or the full key, and sends nothing.'],
  positionals: [],
  options: [],
  optionNotes: { profile: 'show this saved profile instead of the active one' },
  example: 'status --json',
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
      ['Profile', profile?.name ?? `${ctx.values.profile === undefined ? 'none saved' : `no saved profile named ${JSON.stringify(ctx.values.profile)}`} (log in with: ${loginHint()} --base-url URL)`],
      ['Base URL', chosen === undefined ? `none (pass --base-url URL or set ${ENV_BASE_URL})` : `${chosen.url} (from ${sourceText(chosen, profile?.name)})`],
    ];
    if (profile !== undefined) {
      if (chosen?.source !== 'profile') rows.push(['Saved base URL', profile.baseUrl]);
      rows.push(
        ['API key', hintText(profile.keyHint)],
        ['Secret stored', secret.stored === null ? `unknown: ${secret.problem ?? ''}` : secret.stored ? 'yes' : 'no'],
        ['Last verified', json.lastVerifiedAt ?? 'never'],
      );
    }
    rows.push(['Credentials', verdict.text]);
    return { json, text: keyValueTable(rows) };
  },
};
