import { z } from 'zod';
import { parseStoredList, type StoredList } from '../base/stored-list.ts';
import { NAME_MAX } from '../../shared/user-names.ts';
import { tronAddressProblem } from '../base/tron-address.ts';
import type { RecipientKind } from './transfer-need.ts';
import { typicalEnergyPerTransfer } from './transfer-need.ts';

/**
 * A watched sending wallet: an address of one profile with a label and how
 * much energy its next transfers are planned with. Stored in the settings
 * file (nothing here is secret) and validated on load: an invalid entry is
 * dropped with a notice rather than poisoning the list.
 */

export const LABEL_MAX = NAME_MAX.walletLabel;
export const MAX_WATCHED_PER_PROFILE = 20;
/** "Top up for N transfers": the tray offers N = topUpTransfers; the dashboard takes any N up to this. */
export const MAX_TOP_UP_TRANSFERS = 100;

/**
 * holder: recipients usually hold USDT (about 64,285 energy a transfer);
 * new: recipients are usually new to USDT (about 130,285);
 * exact: the dry run's figure for one given recipient (exactRecipient).
 */
export type EnergyPlan = RecipientKind | 'exact';

const energyText = z.string().regex(/^[1-9]\d{0,9}$/, 'a whole number of energy below 10 billion');

export const watchedWalletSchema = z
  .object({
    id: z.string().min(1).max(128),
    profileId: z.string().min(1).max(128),
    address: z.string().refine((a) => tronAddressProblem(a) === null, 'not a valid TRON address'),
    label: z.string().trim().min(1).max(LABEL_MAX),
    plan: z.enum(['holder', 'new', 'exact']),
    /** plan "exact": the recipient the dry run was made for, and its energy_used. */
    exactRecipient: z.string().nullable(),
    exactEnergy: energyText.nullable(),
    topUpTransfers: z.number().int().min(1).max(MAX_TOP_UP_TRANSFERS),
  })
  .strict()
  .refine((w) => (w.plan === 'exact') === (w.exactRecipient !== null && w.exactEnergy !== null), {
    message: 'An exact plan needs its recipient and energy; the others have neither.',
    path: ['plan'],
  })
  .refine((w) => w.exactRecipient === null || tronAddressProblem(w.exactRecipient) === null, {
    message: 'the recipient is not a valid TRON address',
    path: ['exactRecipient'],
  });

export type WatchedWallet = z.infer<typeof watchedWalletSchema>;

/** The stored wallets of every profile: an invalid entry, or one repeating an id or an address of its profile, is left out and counted. */
export function parseStoredWallets(stored: readonly unknown[]): StoredList<WatchedWallet> {
  return parseStoredList(stored, watchedWalletSchema, (w) => [`id:${w.id}`, `at:${w.profileId}|${w.address}`]);
}

/** The energy one transfer of this wallet is planned with. */
export function energyPerTransfer(wallet: Pick<WatchedWallet, 'plan' | 'exactEnergy'>): bigint {
  if (wallet.plan === 'exact' && wallet.exactEnergy !== null) return BigInt(wallet.exactEnergy);
  return typicalEnergyPerTransfer(wallet.plan === 'new' ? 'new' : 'holder');
}
