import type { Message } from './i18n/message.ts';
import type { OrderKindView, OrderStateView, QuoteView } from './views.ts';

/**
 * The wallet views (see views.ts for the rules every view follows: plain
 * JSON, amounts as decimal strings).
 */

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

/** The last energy order for the wallet that succeeded, while it matters for what is offered. */
export interface ArrivalView {
  localId: string;
  orderSn: string | null;
  finishedAt: number;
  /** No reading has begun since it finished: every offer for the address waits ("energy arriving"). */
  waiting: boolean;
}

/** The top-up the tray and the popover offer: the cheaper option for the wallet's top-up size, quoted from `basisAt`'s reading. */
export interface TopUpOfferView {
  transfers: number;
  option: TopUpOption;
  orderEnergy: string;
  costSun: string;
  /** Burning TRX for the same energy now (the quote's); null when the fee cannot be read. */
  burnSun: string | null;
  /** When the reading it was computed from began (ms): an offer older than the last finished order is never shown. */
  basisAt: number;
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
  /**
   * The energy and bandwidth shown are predicted from that read (it is more
   * than a minute old and nothing since changed the address: used energy
   * recovers as java-tron computes it): shown as "≈ 128,000, read 14 min ago".
   */
  predicted: boolean;
  trxReadAt: number | null;
  /** Read often until then, after an order for it succeeded. */
  fastUntil: number | null;
  /** The last reading failed: why (the last good reading stays shown). */
  error: Message | null;
  /** After a failed read, when the node is asked again (ms; never more than 10 minutes after the failure). */
  retryAt: number | null;
  /** Energy orders for this address still on their way. */
  incoming: IncomingEnergyView[];
  /** Within the arrival grace of a successful energy order for the address, or still waiting for a reading since. */
  arrival: ArrivalView | null;
  /** The top-up offered for `topUpTransfers`; null when nothing is missing, while quoting, and while energy is arriving. */
  offer: TopUpOfferView | null;
}

/** What a short budget cut, in the order it is cut (core/chain/request-budget.ts). */
export type NodeBudgetShort = 'refresh_widened' | 'no_refresh' | 'events_paced' | 'follow_widened';

/** The TRON node provider's daily request budget, and how the wallets keep to it. */
export interface NodeBudgetView {
  budget: number;
  /** Requests the node had from this key since the UTC day began. */
  usedToday: number;
  /** Empty when the budget lasts the day as planned. */
  short: NodeBudgetShort[];
  /** An address nothing happened to is read again after this (null: not until something happens to it). */
  refreshMs: number | null;
  /** Seconds between looks at the chain (3: every block). */
  followEverySeconds: number;
}

export interface WalletsView {
  wallets: WalletView[];
  /** Demo mode: the demo wallets not watched yet. */
  suggestions: Array<{ label: string; address: string }>;
  /** Absent or null until the node's client exists. */
  budget?: NodeBudgetView | null;
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
  timedError: Message | null;
  fastRecover: QuoteView | null;
  fastRecoverError: Message | null;
  cheaper: TopUpOption | null;
  /** When the reading these figures come from began (ms). */
  basisAt: number | null;
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
  keychainProblem: Message | null;
  dailyBudget: NodeBudgetSetting;
}

/** The node's daily request budget as the settings form needs it (shared/node-budget.ts). */
export interface NodeBudgetSetting {
  /** The saved budget; null: the default. */
  saved: number | null;
  /** The default in effect for this node: with the key saved for it, or without one. */
  defaultNow: number;
  keyedDefault: number;
  keylessDefault: number;
  min: number;
  max: number;
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
