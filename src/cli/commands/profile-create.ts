import { saveExternalProfile } from '../../core/credentials/external-profile.ts';
import { normalizeBaseUrl } from '../../core/settings/base-url.ts';
import { DEFAULT_NODE_URL, normalizeNodeUrl } from '../../core/chain/node-url.ts';
import { unitsToDecimalString } from '../../core/base/money.ts';
import { ENV_BASE_URL, ENV_KEY, ENV_SECRET, envCredentialsSet, envValue, hasVersionSegment } from '../access.ts';
import { usageError } from '../cli-error.ts';
import { subcommand, type CommandCode, type CommandResult } from '../command.ts';
import type { CommandContext } from '../context.ts';
import { t, trx, usdt } from '../i18n.ts';
import { chosenProfile } from '../profiles.ts';
import { credentialsFromDirectory, ENV_CREDENTIALS_DIRECTORY } from '../systemd-credentials.ts';
import { keyValueTable } from '../table.ts';
import { nodeBudgetOption } from '../node-budget-option.ts';
import { login } from './profile.ts';

/**
 * `energy-tray profile create NAME --base-url URL`: a profile made without a
 * desktop. With credentials from the environment or systemd's credentials
 * folder, they are checked with a balance call and the profile is saved
 * without them (they stay where the server keeps them: Energy Tray writes
 * no copy). Without, it is `login --profile NAME`: read on the terminal and
 * kept in the keychain.
 */
export const profileCreate: CommandCode = {
  run: async (ctx): Promise<CommandResult> => {
    const name = ctx.args[0] ?? '';
    if ((await chosenProfile(ctx.settings, name)) !== undefined) {
      throw usageError(t('profileCreate.exists', { name: JSON.stringify(name.trim()) }), subcommand('profile', 'create'));
    }
    const given = ctx.values['base-url'] ?? envValue(ctx.io.env, ENV_BASE_URL);
    if (given === undefined) {
      throw usageError(t('profileCreate.needsAddress', { envBaseUrl: ENV_BASE_URL }), subcommand('profile', 'create'));
    }
    const { url } = normalizeBaseUrl(given);
    // The daemon places paid orders with it: the address must carry the service's version segment.
    if (!hasVersionSegment(url)) throw usageError(t('profileCreate.noVersion', { url }), subcommand('profile', 'create'));
    // Checked before anything is sent or saved.
    const nodeUrl = ctx.values['node-url'] === undefined ? undefined : normalizeNodeUrl(ctx.values['node-url']);
    const budgetText = ctx.values['node-budget'];
    const nodeBudget = budgetText === undefined ? undefined : nodeBudgetOption(budgetText, subcommand('profile', 'create'));
    const saveNode = async (): Promise<void> => {
      if (nodeUrl === undefined && nodeBudget === undefined) return;
      await ctx.settings.update((s) => ({
        ...s,
        ...(nodeUrl === undefined ? {} : { nodeUrl: nodeUrl === DEFAULT_NODE_URL ? null : nodeUrl }),
        ...(nodeBudget === undefined ? {} : { nodeDailyBudget: nodeBudget }),
      }));
    };
    if (!envCredentialsSet(ctx.io.env)) {
      const loggedIn = await login.run(withProfileName(ctx, name));
      await saveNode();
      return loggedIn;
    }
    const { api } = await ctx.connect(true);
    const reply = await api.userInfo();
    const profile = await saveExternalProfile(ctx.settings, { name, baseUrl: url, verifiedAt: Date.now() });
    await saveNode();
    const from = credentialsFromDirectory(ctx.io.env) ? 'systemd' : 'env';
    const fromText =
      from === 'systemd'
        ? t('profileCreate.fromDirectory', { dir: ENV_CREDENTIALS_DIRECTORY })
        : t('profileCreate.fromEnv', { envKey: ENV_KEY, envSecret: ENV_SECRET });
    const json = {
      profile: profile.name,
      baseUrl: profile.baseUrl,
      nodeUrl: nodeUrl ?? null,
      nodeDailyBudget: nodeBudget ?? null,
      credentials: from,
      balance_trx: unitsToDecimalString(reply.data.trxSun),
      balance_usdt: unitsToDecimalString(reply.data.usdtMicros),
    };
    const text = keyValueTable([
      [t('profileCreate.created'), t('profileCreate.savedProfile', { name: JSON.stringify(profile.name) })],
      [t('profile.baseUrl'), profile.baseUrl],
      [t('profileCreate.credentials'), fromText],
      ['TRX', trx(reply.data.trxSun)],
      ['USDT', usdt(reply.data.usdtMicros)],
    ]);
    return { json, text };
  },
};

/** The same context with --profile set: login then creates (or refuses) that profile. */
function withProfileName(ctx: CommandContext, name: string): CommandContext {
  return { ...ctx, values: { ...ctx.values, profile: name } };
}
