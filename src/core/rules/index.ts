/**
 * core/rules: auto top-up. A rule per watched address (rule.ts), checked
 * from what the person entered (rule-draft.ts), the edits main must approve
 * (rule-approval.ts), the engine's pure decision (decide.ts), the evaluator
 * that gathers, quotes, places and records (rule-evaluator.ts), the rule's
 * day from the order history (rule-ledger.ts) and the decision records kept
 * with it (decision.ts, decision-log.ts). ADR 0013.
 */
export {
  acknowledgeUnknown,
  MAX_RULE_CAP_SUN,
  MAX_RULE_ORDERS_PER_DAY,
  MAX_RULES_PER_PROFILE,
  parseStoredRules,
  RULE_NAME_MAX,
  RULE_OPTIONS,
  RULE_PERIODS,
  ruleCapSun,
  ruleSchema,
} from './rule.ts';
export type { LoadedRules, Rule, RuleOption } from './rule.ts';
export { checkRuleDraft, draftOf, parseCapTrx } from './rule-draft.ts';
export type { RuleDraft, RuleDraftCheck, RuleDraftContext, RuleProblem } from './rule-draft.ts';
export { ruleApprovalChanges } from './rule-approval.ts';
export type { RuleChange } from './rule-approval.ts';
export { addressBusy, decide, DEFAULT_RULE_TIMING, quoteAsks, unseenUnknownOutcome } from './decide.ts';
export type {
  QuoteAnswer,
  QuoteAsk,
  QuoteResult,
  RuleDay,
  RuleInput,
  RuleSituation,
  RuleTiming,
  Verdict,
  WalletReading,
} from './decide.ts';
export { BUY_REASONS, isWorthRecording, PAUSE_REASONS, REFUSE_REASONS, SKIP_REASONS, STOP_REASONS, toRecord } from './decision.ts';
export type {
  BuyDecision,
  BuyOption,
  BuyReason,
  Decision,
  DecisionKind,
  DecisionReason,
  DecisionRecord,
  OrderOffer,
  PauseReason,
  RefuseReason,
  SkipReason,
  StopReason,
} from './decision.ts';
export { offerWords } from './decision-words.ts';
export { matchesQuery, MemoryDecisionLog } from './decision-log.ts';
export type { DecisionLog, DecisionQuery } from './decision-log.ts';
export { ordersRuleLedger, ruleToday } from './rule-ledger.ts';
export type { RuleLedger } from './rule-ledger.ts';
export { RuleEvaluator } from './rule-evaluator.ts';
export type { Evaluation, EvaluatorEvents, OrderPlacer, Placement, QuotePort, RuleEvaluatorDeps } from './rule-evaluator.ts';
