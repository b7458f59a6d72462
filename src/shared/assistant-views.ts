/**
 * The assistant allowance as the dashboard sees it (issue 27): what an AI
 * assistant connected through `energy-tray mcp` may buy without asking again.
 * Amounts are decimal strings (TRX as typed in the draft, SUN elsewhere).
 */

/** What the person asks for: TRX a day and an order ("20", "2.5"), and which addresses. */
export interface AssistantAllowanceDraftView {
  dailyTrx: string;
  perOrderTrx: string;
  /** Only the profile's watched wallets (the default); else exactly `addresses`. */
  watchedOnly: boolean;
  addresses: string[];
}

export interface AssistantAllowanceView {
  /** Off: an assistant can read but buys nothing. */
  enabled: boolean;
  /** False in demo mode or without an account: there is nothing to allow. */
  available: boolean;
  /** The figures in force, or the form's defaults while off. */
  draft: AssistantAllowanceDraftView;
  /** The figures in force in SUN (null while off). */
  dailySun: string | null;
  perOrderSun: string | null;
  /** What the assistant's orders count today against the per-day figure, in SUN. */
  spentTodaySun: string;
  ordersToday: number;
}

export type AssistantAllowanceProblemView =
  | { field: 'dailyTrx' | 'perOrderTrx'; problem: 'not_a_number' | 'zero' | 'too_large' }
  | { field: 'perOrderTrx'; problem: 'above_daily' }
  | { field: 'addresses'; problem: 'empty' | 'too_many' | 'duplicate' }
  | { field: 'addresses'; problem: 'invalid'; address: string };

/** Saved (the allowance after it), or the problems of the draft: nothing was saved. */
export type AssistantAllowanceSaveView =
  | { saved: true; allowance: AssistantAllowanceView }
  | { saved: false; problems: AssistantAllowanceProblemView[] };

/** Who placed an order when an AI assistant did: the client's name and the reason it gave (both shown quoted). */
export interface AssistantOriginView {
  client: string;
  reason: string;
}
