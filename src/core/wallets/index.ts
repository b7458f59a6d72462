/**
 * core/wallets: the user's sending wallets. The need estimate (transfers
 * covered, energy to order, burn cost, saved vs burned), watched wallets as
 * stored, the watcher that polls them, and what orders mean for them.
 */
export {
  bandwidthBurnSun,
  energyBurnSun,
  energyShortfall,
  energyToOrder,
  MIN_ENERGY_ORDER,
  savedVsBurned,
  totalSavings,
  transfersCovered,
} from './need-estimate.ts';
export type { SavedVsBurned } from './need-estimate.ts';
export { transferNeed, typicalEnergyPerTransfer } from './transfer-need.ts';
export type { RecipientKind, TransferNeed, TransferNeedInput } from './transfer-need.ts';
export { energyPerTransfer, LABEL_MAX, MAX_TOP_UP_TRANSFERS, MAX_WATCHED_PER_PROFILE, parseStoredWallets, watchedWalletSchema } from './watched-wallet.ts';
export type { EnergyPlan, LoadedWallets, WatchedWallet } from './watched-wallet.ts';
export { DEFAULT_WALLET_CADENCE, WalletWatcher } from './wallet-watcher.ts';
export type { WalletCadence, WalletWatcherOptions, WatcherEvents } from './wallet-watcher.ts';
export { energyOfOrder, followEnergyArrivals, followEnergyOrders, HURRY_WHILE_YOUNGER_THAN_MS, isIncomingEnergy } from './order-energy.ts';
export type { EnergyOrderFollower } from './order-energy.ts';
export { monthSavings, startOfMonth } from './month-savings.ts';
export type { MonthSavings } from './month-savings.ts';
export { FEE_CACHE_MS, FeeCache } from './fee-cache.ts';
