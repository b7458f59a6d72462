/**
 * core/wallets: the user's sending wallets. So far the pure need estimate;
 * watched addresses, polling and "top up what's missing" build on it.
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
