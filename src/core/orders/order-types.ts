/**
 * The order journal's record: one per paid request, created with the intent
 * before anything is sent (docs/architecture.md, property 5).
 */
export type OrderKind = 'energy' | 'net' | 'fast_recover' | 'reclaim' | 'activation';

export type OrderState = 'submitting' | 'running' | 'succeeded' | 'failed' | 'stalled' | 'outcome_unknown';

export const ORDER_KINDS = ['energy', 'net', 'fast_recover', 'reclaim', 'activation'] as const satisfies readonly OrderKind[];
export const ORDER_STATES = [
  'submitting',
  'running',
  'succeeded',
  'failed',
  'stalled',
  'outcome_unknown',
] as const satisfies readonly OrderState[];

export interface TrackedOrder {
  /** UUID created with the intent, before anything is sent. */
  localId: string;
  kind: OrderKind;
  profileId: string;
  address: string;
  resource: 'energy' | 'net' | null;
  count: number | null;
  period: string | null;
  /** Timed orders; for a reclaim, the reclaimed order's serial. */
  orderSn: string | null;
  /** Fast recover and activation. */
  orderId: number | null;
  quotedSun: bigint | null;
  chargedSun: bigint | null;
  createdAt: number;
  updatedAt: number;
  lastPolledAt: number | null;
  /** Poll attempts, failed ones included. */
  attempts: number;
  state: OrderState;
  serverStatus: string | null;
  txIds: string[];
  error: string | null;
  finishedAt: number | null;
  notifiedAt: number | null;
  presetId: string | null;
  /**
   * Energy orders that succeeded: the TRX the same energy would have burned at
   * the chain's energy fee when the order succeeded ("saved vs burned").
   * Absent until known (older records, or the node could not be read then).
   */
  wouldBurnSun?: bigint | null;
  /** The auto top-up rule that placed the order (issue 15); absent when a person did. */
  ruleId?: string | null;
  /** An AI assistant placed it through `energy-tray mcp` (issue 27); absent otherwise. */
  assistant?: AssistantOrigin | null;
}

/**
 * Who asked when an AI assistant bought: the MCP client's name (its
 * clientInfo.name, "Claude Desktop") and the reason the assistant gave
 * ("supplier payment"). Both are strings chosen outside Energy Tray: checked
 * like names (user-names.ts) before they are journaled, shown only quoted.
 */
export interface AssistantOrigin {
  client: string;
  reason: string;
}

/** What the caller knows before sending: everything but the server's answer. */
export interface OrderIntent {
  kind: OrderKind;
  profileId: string;
  address: string;
  resource?: 'energy' | 'net' | null;
  count?: number | null;
  period?: string | null;
  /** Reclaim only: the serial of the order whose resource is reclaimed. */
  orderSn?: string | null;
  quotedSun?: bigint | null;
  presetId?: string | null;
  /** An auto top-up rule places it: recorded with the order, its day is counted from these. */
  ruleId?: string | null;
  /** An AI assistant places it (the MCP server): recorded with the order, the allowance's day is counted from these. */
  assistant?: AssistantOrigin | null;
}

const TERMINAL: ReadonlySet<OrderState> = new Set(['succeeded', 'failed', 'outcome_unknown']);

/** Succeeded, failed and outcome unknown never change again. */
export const isTerminal = (state: OrderState): boolean => TERMINAL.has(state);

/** States that end in a notification: the terminal ones and stalled. */
export const isFinishedForUser = (state: OrderState): boolean => isTerminal(state) || state === 'stalled';

const FORWARD: Readonly<Record<OrderState, readonly OrderState[]>> = {
  // submitting → succeeded: activation and reclaim have no query endpoint
  // (spec section 4), so an accepted request is their final known outcome.
  submitting: ['running', 'succeeded', 'failed', 'outcome_unknown'],
  running: ['succeeded', 'failed', 'stalled'],
  // A late answer after the stall limit is still the truth.
  stalled: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
  outcome_unknown: [],
};

/** Whether a record may move from one state to a different one; states only move forward. */
export function canTransition(from: OrderState, to: OrderState): boolean {
  return FORWARD[from].includes(to);
}
