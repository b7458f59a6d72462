import type { Message } from './i18n/message.ts';
/**
 * Auto top-up rules (issue 15) as the dashboard sees them: plain JSON,
 * amounts as decimal strings of SUN (the cap as typed: TRX).
 */
import type { TopUpOption } from './wallet-views.ts';

export type RuleOptionView = 'timed' | 'fast_recover' | 'cheapest';

/** A rule as the person enters it; checked in main (core/rules/rule-draft.ts), each problem named with its field. */
export interface RuleDraftView {
  name: string;
  address: string;
  enabled: boolean;
  keepTransfers: number;
  topUpTransfers: number;
  option: RuleOptionView;
  period: string | null;
  /** TRX as typed: "20", "6.5". */
  dailyCapTrx: string;
  maxOrdersPerDay: number;
  /** The price ceiling in SUN per energy as typed; empty or absent: at most the burn price. */
  maxSunPerEnergy?: string;
}

/** A new rule's values before the person changes any (the dashboard's form and `rules add`). */
export const NEW_RULE_DEFAULTS: Readonly<Omit<RuleDraftView, 'name' | 'address'>> = {
  enabled: true,
  keepTransfers: 1,
  topUpTransfers: 2,
  option: 'timed',
  period: '1h',
  dailyCapTrx: '20',
  maxOrdersPerDay: 4,
  maxSunPerEnergy: '',
};

export type DecisionKindView = 'buy' | 'skip' | 'refuse' | 'paused' | 'stopped';

/** One decision of the engine, kept with the order history: "why did it buy at 03:12?" */
export interface DecisionView {
  at: number;
  ruleId: string;
  /** null when the rule was deleted since. */
  ruleName: string | null;
  address: string;
  kind: DecisionKindView;
  reason: string;
  /** The reason in words, with its figures, as a message of the catalogues; null for a record an older version kept. */
  text: Message | null;
  /** The same in English (what an older version kept: shown when there is no text). */
  detail: string;
  /** A buy: the order it placed; stopped: the order whose outcome is unknown. */
  orderLocalId: string | null;
  /** That order's number (serial, else "#" and the service's id); null until the service gave one. */
  orderSerial: string | null;
  /** A buy, or a refusal after quoting: what it would buy (energy) and the fresh quote. */
  option: TopUpOption | null;
  period: string | null;
  count: number | null;
  quotedSun: string | null;
}

/** on: may buy; off: switched off; paused: all paused, or waiting for the node or the service; stopped: an unknown outcome to look at. */
export type RuleStateView = 'on' | 'off' | 'paused' | 'stopped';

export interface RuleView {
  id: string;
  name: string;
  address: string;
  /** The watched wallet's label; null when the address is not watched any more. */
  walletLabel: string | null;
  draft: RuleDraftView;
  dailyCapSun: string;
  state: RuleStateView;
  /** "Auto top-up on · 2 today · 6.50 / 20.00 TRX", as a message of the decisions catalogue. */
  summary: Message;
  ordersToday: number;
  spentTodaySun: string;
  lastDecision: DecisionView | null;
  /** The rule's last purchase (null: it has not bought yet), for "last bought 17:48, because …". */
  lastBuy: DecisionView | null;
  /** Set while the rule is stopped: the order whose outcome is unknown. */
  unknownOrderLocalId: string | null;
  /** Its number, as the person knows it (null when the service never gave one). */
  unknownOrderSerial: string | null;
}

export interface RulesView {
  rules: RuleView[];
  /** "Pause all auto top-ups" is on. */
  pausedAll: boolean;
  /** The periods a rule may rent for. */
  periods: string[];
}

export interface RuleProblemView {
  field: keyof RuleDraftView;
  text: Message;
}

/** Saved (the rules after it), or the problems of the draft in words: nothing was saved. */
export type RuleSaveView = { saved: true; rules: RulesView } | { saved: false; problems: RuleProblemView[] };

export interface DecisionQueryView {
  ruleId?: string;
  orderLocalId?: string;
  kinds?: DecisionKindView[];
  /** Strictly before, in ms (paging back). */
  before?: number;
  limit: number;
}
