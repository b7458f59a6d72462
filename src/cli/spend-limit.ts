import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ORDER_DB_FILE_NAME, JOURNAL_FILE_NAME, type OrderJournal } from '../core/orders/order-journal.ts';
import type { DailyLimit } from '../core/orders/paid-order.ts';
import type { SpendLedger } from '../core/orders/spend-limit.ts';
import { normalizeBaseUrl } from '../core/settings/base-url.ts';
import type { Profile, Settings } from '../core/settings/settings-schema.ts';
import { profileDataDir } from '../core/settings/user-data-dir.ts';
import type { CommandContext, Connection } from './context.ts';

/**
 * For environment credentials with no profile chosen: a saved profile of the
 * same service address (the active one first), whose history counts too.
 */
function sameServiceProfile(settings: Settings, url: string): Profile | undefined {
  const sameService = settings.profiles.filter((p) => {
    try {
      return normalizeBaseUrl(p.baseUrl).url === url;
    } catch {
      return false;
    }
  });
  return sameService.find((p) => p.id === settings.activeProfileId) ?? sameService[0];
}

const hasOrders = (dir: string): boolean => existsSync(join(dir, ORDER_DB_FILE_NAME)) || existsSync(join(dir, JOURNAL_FILE_NAME));

/**
 * The daily spending limit of the settings file over today's spend, read by
 * query (journal.spentSince) from the order store the command journals to:
 * the profile's own orders.sqlite, the one the app writes, so the app's and
 * the CLI's purchases count alike. With environment credentials and no
 * profile (orders journaled in cli-orders/), a saved profile of the same
 * service address counts as well, so the app's purchases there are not
 * forgotten: the larger sum is the safer one.
 */
export async function openCliSpendLimit(ctx: CommandContext, connection: Connection, journal: OrderJournal): Promise<DailyLimit> {
  const { settings } = await ctx.settings.load();
  const ledgers: SpendLedger[] = [journal];
  if (connection.target.profileId === undefined) {
    const profile = sameServiceProfile(settings, connection.target.url);
    const dir = profile === undefined ? undefined : profileDataDir(ctx.userData, profile.id);
    if (dir !== undefined && hasOrders(dir)) ledgers.push(await ctx.orders(dir));
  }
  const ledger: SpendLedger = { spentSince: (epochMs) => ledgers.reduce((sum, l) => sum + l.spentSince(epochMs), 0n) };
  const limitSun = BigInt(settings.dailyLimitSun);
  // The lifecycle applies it (core/orders/paid-order.ts): before asking, and again as the intent is journaled.
  return { sun: () => limitSun, now: () => Date.now(), ledger };
}
