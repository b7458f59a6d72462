import { join } from 'node:path';
import { JOURNAL_FILE_NAME } from '../core/orders/order-journal.ts';
import { checkSpendLimit, ordersSpendLedger, readJournalSpendLedger, type SpendLedger } from '../core/orders/spend-limit.ts';
import { normalizeBaseUrl } from '../core/settings/base-url.ts';
import type { Profile, Settings } from '../core/settings/settings-schema.ts';
import type { CommandContext, Connection } from './context.ts';

/** The profile whose order history counts: the one in use, else a saved one for the same service address. */
function historyProfile(settings: Settings, connection: Connection): Profile | undefined {
  const { profileId, url } = connection.target;
  if (profileId !== undefined) return settings.profiles.find((p) => p.id === profileId);
  const sameService = settings.profiles.filter((p) => {
    try {
      return normalizeBaseUrl(p.baseUrl).url === url;
    } catch {
      return false;
    }
  });
  return sameService.find((p) => p.id === settings.activeProfileId) ?? sameService[0];
}

/**
 * The app's daily spending limit, applied to a paid command: the limit from
 * the settings file, today's spend from the profile's order history (the
 * same journal the app keeps). Throws SpendLimitError (exit 4) before
 * anything paid is sent. `costSun` is the fresh quote; 0 when there is none
 * (an activation), which then needs something left.
 */
export async function checkCliSpendLimit(ctx: CommandContext, connection: Connection, costSun: bigint): Promise<void> {
  const { settings } = await ctx.settings.load();
  const profile = historyProfile(settings, connection);
  const ledger: SpendLedger = profile
    ? await readJournalSpendLedger(join(ctx.settings.dir, 'profiles', profile.id), JOURNAL_FILE_NAME)
    : ordersSpendLedger(() => []);
  checkSpendLimit(ledger, BigInt(settings.dailyLimitSun), costSun, Date.now());
}
