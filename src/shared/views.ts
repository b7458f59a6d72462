/**
 * What the dashboard sees. Everything here crosses IPC, so it is plain JSON:
 * amounts of money are integer SUN (or USDT micros) as decimal strings
 * ("3250000"), never floats and never bigint (JSON cannot carry bigint and the
 * e2e bridge is JSON). Nothing here can hold the API secret or the full key.
 */

export type ResourceType = 'energy' | 'net';

export interface BalanceView {
  trxSun: string;
  usdtMicros: string;
  /** ms since epoch of the last successful refresh. */
  updatedAt: number;
  stale: boolean;
  low: boolean;
}

export interface ProfileView {
  id: string;
  name: string;
  baseUrl: string;
  /** Last 4 characters of the API key, or null when no key is stored. */
  keyHint: string | null;
  lastVerifiedAt: number | null;
  configured: boolean;
  active: boolean;
}

export type AppMode = 'welcome' | 'demo' | 'account';

export interface AppStateView {
  mode: AppMode;
  profiles: ProfileView[];
  activeProfileId: string | null;
  balance: BalanceView | null;
  polling: { paused: boolean; reason: string | null };
  /** Whether the OS keychain can be used; when not, why and what to do. */
  keychain: { available: boolean; message: string | null };
  /** One-off notices: a quarantined file, a keychain problem. */
  notices: string[];
}

export type OrderKindView = 'energy' | 'net' | 'fast_recover' | 'reclaim' | 'activation';
export type OrderStateView = 'submitting' | 'running' | 'succeeded' | 'failed' | 'stalled' | 'outcome_unknown';

export interface OrderView {
  localId: string;
  kind: OrderKindView;
  address: string;
  resource: ResourceType | null;
  count: number | null;
  period: string | null;
  orderSn: string | null;
  orderId: number | null;
  quotedSun: string | null;
  chargedSun: string | null;
  createdAt: number;
  updatedAt: number;
  state: OrderStateView;
  serverStatus: string | null;
  txIds: string[];
  error: string | null;
  finishedAt: number | null;
  presetId: string | null;
  /** Timed orders that succeeded and were not reclaimed yet. */
  reclaimable: boolean;
}

export interface SubOrderView {
  fromAddress: string;
  txId: string | null;
  count: number;
}

export interface OrderDetailView {
  order: OrderView;
  subOrders: SubOrderView[];
  /** The service's status text at the time of the query. */
  serverStatus: string | null;
}

export interface QuoteView {
  amountSun: string;
  feeSun: string;
  unitPriceSun: string;
  remark: string | null;
}

export interface SmartModeView {
  price65kSun: string | null;
  price131kSun: string | null;
  depositPeriodHours: string | null;
  depositAmountSun: string | null;
  minEnergyCount: string | null;
}

export interface SmartPriceView {
  price65kSun: string;
  price131kSun: string;
  remark: string | null;
  modes: Array<{ id: 'high_frequency' | 'jisu_frequency' | 'guangsu_frequency'; label: string; prices: SmartModeView | null }>;
}

export type PresetKindView = 'timed' | 'fast_recover';

export interface PresetView {
  id: string;
  name: string;
  kind: PresetKindView;
  resource: ResourceType;
  /** Timed delegations only. */
  period: string | null;
  count: number;
  address: string;
  capSun: string;
  /** True while its order is being submitted (a double click cannot buy twice). */
  busy: boolean;
}

export type PresetInput = Omit<PresetView, 'busy' | 'id'> & { id?: string };

export interface SettingsView {
  pollIntervalSeconds: number;
  lowBalanceThresholdSun: string;
  /** What paid orders may cost per day, all paths together; raising it needs a main-drawn approval. */
  dailyLimitSun: string;
  notificationsEnabled: boolean;
  launchAtLogin: boolean;
  userDataDir: string;
}

export type SettingsPatch = Partial<Omit<SettingsView, 'userDataDir'>>;

export interface AddressCheckView {
  valid: boolean;
  reason: string | null;
}

export interface NoticeView {
  level: 'info' | 'warning' | 'error';
  message: string;
}

// ── wallets: the user's sending addresses as the TRON node reports them ──
// Energy and bandwidth are counts read from the chain as integers; they are
// decimal strings here like SUN, so nothing of the node's int64 is rounded.

/** How a wallet's next transfers are planned: to USDT holders, to new addresses, or as one recipient's dry run. */
export type EnergyPlanView = 'holder' | 'new' | 'exact';

export interface WalletInput {
  address: string;
  label: string;
  plan: EnergyPlanView;
  /** plan "exact" only: the recipient whose transfer is estimated with a dry run. */
  exactRecipient: string | null;
  /** How many transfers "Top up" covers from the tray. */
  topUpTransfers: number;
}

export interface IncomingEnergyView {
  localId: string;
  kind: OrderKindView;
  count: number | null;
  state: OrderStateView;
}

export interface WalletView {
  id: string;
  address: string;
  label: string;
  plan: EnergyPlanView;
  exactRecipient: string | null;
  /** Energy one planned transfer takes. */
  energyPerTransfer: string;
  topUpTransfers: number;
  /** null until the node has answered. */
  activated: boolean | null;
  energy: { limit: string; used: string; available: string } | null;
  bandwidth: { freeLimit: string; freeUsed: string; limit: string; used: string; available: string } | null;
  trxSun: string | null;
  /** Whole transfers the available energy pays for: as planned, to USDT holders, to new addresses. */
  covered: { planned: string; toHolders: string; toNewAddresses: string } | null;
  /** Read, activated, and cannot pay for one planned transfer. */
  low: boolean;
  /** When the energy and bandwidth, and the TRX balance, were last read (ms). */
  readAt: number | null;
  trxReadAt: number | null;
  /** Read often until then, after an order for it succeeded. */
  fastUntil: number | null;
  /** The last reading failed: why (the last good reading stays shown). */
  error: string | null;
  /** Energy orders for this address still on their way. */
  incoming: IncomingEnergyView[];
}

export interface WalletsView {
  wallets: WalletView[];
  /** Demo mode: the demo wallets not watched yet. */
  suggestions: Array<{ label: string; address: string }>;
}

export interface TransferEstimateView {
  from: string;
  to: string;
  amountMicros: string;
  recipientHoldsUsdt: boolean;
  /** The dry run's energy_used (which already includes the penalty) and, of it, the penalty. */
  energy: string;
  energyPenalty: string;
  bandwidth: string;
  /** What the sender has. */
  activated: boolean;
  availableEnergy: string;
  availableBandwidth: string;
  trxSun: string;
  missingEnergy: string;
  /** TRX burned for the missing energy at getEnergyFee, and for the bandwidth if it lacks that too. */
  energyBurnSun: string;
  bandwidthBurnSun: string;
  energyFeeSun: string;
}

export type TopUpOption = 'timed' | 'fast_recover';

export interface TopUpQuoteView {
  walletId: string;
  transfers: number;
  energyPerTransfer: string;
  availableEnergy: string;
  /** Energy lacking for the transfers, and what to order (at least the service's minimum); "0" when covered. */
  missingEnergy: string;
  orderEnergy: string;
  /** Burning TRX for the missing energy instead; null when the chain's fee could not be read. */
  burnSun: string | null;
  /** Renting for 1 hour and a fast recover, side by side; null when not quoted (nothing to order, or it failed: see the error). */
  timed: QuoteView | null;
  timedError: string | null;
  fastRecover: QuoteView | null;
  fastRecoverError: string | null;
  cheaper: TopUpOption | null;
}

export interface NodeSettingsView {
  /** The node the wallets are read from (demo: the demo's own node simulator). */
  nodeUrl: string;
  /** The node of the settings, which accounts use (the same as nodeUrl outside the demo). */
  configuredUrl: string;
  defaultUrl: string;
  isDefault: boolean;
  demo: boolean;
  /** A provider key is in the keychain, and whether it was saved for this node (it is sent to no other). */
  keySaved: boolean;
  keyForThisNode: boolean;
  /** The keychain could not be read. */
  keychainProblem: string | null;
}

export interface SavingsView {
  /** Local midnight of the first day of the month (ms). */
  monthStart: number;
  savedSun: string;
  spentSun: string;
  wouldHaveBurnedSun: string;
  orders: number;
  /** Succeeded energy orders this month without a chain-fee reading or a price: not counted. */
  uncounted: number;
}
