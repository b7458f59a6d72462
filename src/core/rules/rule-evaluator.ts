import type { Clock } from '../base/clock.ts';
import { InvariantError, userText } from '../base/domain-error.ts';
import type { Message } from '../../shared/i18n/message.ts';
import { TypedEmitter } from '../base/typed-emitter.ts';
import type { EnergyFeeResult } from './burn-ceiling.ts';
import {
  decide,
  type QuoteAnswer,
  type QuoteAsk,
  type QuoteResult,
  type RuleInput,
  type RuleSituation,
  type RuleTiming,
} from './decide.ts';
import { isWorthRecording, toRecord, type BuyDecision, type Decision, type DecisionRecord } from './decision.ts';
import type { DecisionLog } from './decision-log.ts';
import { words } from './decision-words.ts';
import type { Rule } from './rule.ts';
import { ruleToday, type RuleLedger } from './rule-ledger.ts';

/**
 * Prices an order now (the service's query_price / query_fast_recover_price)
 * and reads what burning costs (the chain's energy fee, getEnergyFee). Never
 * throws: a failure is a result.
 */
export interface QuotePort {
  quote(ask: QuoteAsk): Promise<QuoteResult>;
  energyFee(): Promise<EnergyFeeResult>;
}

/** Placed, or why not: `message` is the paid path's own sentence ("Not bought: … Nothing was sent."), recorded as it is. */
export type Placement = { placed: true; localId: string } | { placed: false; reason: 'daily_limit' | 'refused'; text: Message };

/**
 * Places a rule's order through the one paid path (OrderCommands.place with
 * origin `rule` and the quote as the intent's price: checked by the client,
 * the daily limit checked again as the intent is journaled, journaled before
 * it is sent, sent once, the rule's id recorded with the order). `placed`
 * once the intent is journaled, whatever its outcome (the order's own record
 * says failed or unknown); not placed only when nothing was journaled.
 */
export interface OrderPlacer {
  place(rule: Rule, buy: BuyDecision): Promise<Placement>;
}

export interface RuleEvaluatorDeps {
  clock: Clock;
  /** The rule as it is now (it may be edited or removed while a quote is out); undefined when gone. */
  rule(id: string): Rule | undefined;
  situation(rule: Rule): RuleSituation;
  ledger: RuleLedger;
  quotes: QuotePort;
  placer: OrderPlacer;
  log: DecisionLog;
  timing?: Partial<RuleTiming>;
}

export interface Evaluation {
  rule: Rule;
  record: DecisionRecord;
  /** A new record was written (a buy, or a change of what the rule is doing): worth a notice. */
  recorded: boolean;
}

export interface EvaluatorEvents {
  decided: Evaluation;
}

/**
 * Runs the engine for one rule: gathers the situation and the rule's day
 * (from the ledger, so a restart or midnight changes nothing it relies on),
 * asks the quote port when the engine wants a price, gathers everything
 * again and decides with the fresh prices, places a buy, and records the
 * decision when it is worth recording. One evaluation per address at a
 * time: one arriving while another runs is dropped (the next reading
 * evaluates again), so two orders for one address are never being placed.
 * Its only memory is the lock and a copy of each rule's last record, which a
 * new evaluator reads back from the log.
 */
export class RuleEvaluator {
  readonly events = new TypedEmitter<EvaluatorEvents>();
  private readonly deps: RuleEvaluatorDeps;
  private readonly busy = new Set<string>();
  private readonly lastRecords = new Map<string, DecisionRecord | undefined>();

  constructor(deps: RuleEvaluatorDeps) {
    this.deps = deps;
  }

  /** Evaluates the rule now; null when it is gone or its address is being evaluated already. */
  async evaluate(ruleId: string): Promise<Evaluation | null> {
    const rule = this.deps.rule(ruleId);
    if (!rule || this.busy.has(rule.address)) return null;
    this.busy.add(rule.address);
    try {
      const { decision, at, localId, decidedOn } = await this.run(rule);
      return this.conclude(decidedOn, toRecord(decision, decidedOn, at, localId));
    } finally {
      this.busy.delete(rule.address);
    }
  }

  isBusy(address: string): boolean {
    return this.busy.has(address);
  }

  /** The rule's last record (read from the log once, then kept). */
  lastRecord(ruleId: string): DecisionRecord | undefined {
    if (!this.lastRecords.has(ruleId)) this.lastRecords.set(ruleId, this.deps.log.list({ ruleId, limit: 1 })[0]);
    return this.lastRecords.get(ruleId);
  }

  private input(rule: Rule, priced?: { quotes: readonly QuoteAnswer[]; energyFee: EnergyFeeResult }): RuleInput {
    const now = this.deps.clock.now();
    const input: RuleInput = { now, rule, situation: this.deps.situation(rule), today: ruleToday(this.deps.ledger, rule.id, now) };
    if (priced) {
      input.quotes = priced.quotes;
      input.energyFee = priced.energyFee;
    }
    if (this.deps.timing) input.timing = this.deps.timing;
    return input;
  }

  private async run(rule: Rule): Promise<{ decision: Decision; at: number; localId: string | null; decidedOn: Rule }> {
    const first = this.input(rule);
    const verdict = decide(first);
    if (verdict.kind !== 'quote') return { decision: verdict, at: first.now, localId: null, decidedOn: rule };
    // The burn cost is read beside the prices: no rule buys above it, nor without knowing it.
    const [answers, energyFee] = await Promise.all([
      Promise.all(verdict.asks.map(async (ask): Promise<QuoteAnswer> => ({ ...ask, result: await this.ask(ask) }))),
      this.energyFee(),
    ]);
    // Everything again, with the fresh prices: an order placed, a reading, an edit or midnight while quoting counts.
    const latest = this.deps.rule(rule.id);
    if (!latest || latest.address !== rule.address) {
      const decision: Decision = { kind: 'skip', reason: 'reading_changed', text: words.readingChanged() };
      return { decision, at: this.deps.clock.now(), localId: null, decidedOn: rule };
    }
    const second = this.input(latest, { quotes: answers, energyFee });
    const decision = decide(second);
    if (decision.kind === 'quote') throw new InvariantError('quotes-asked-twice');
    if (decision.kind !== 'buy') return { decision, at: second.now, localId: null, decidedOn: latest };
    const placement = await this.place(latest, decision);
    if (placement.placed) return { decision, at: second.now, localId: placement.localId, decidedOn: latest };
    const offer = { option: decision.option, period: decision.period, count: decision.count, quotedSun: decision.quotedSun };
    const reason = placement.reason === 'daily_limit' ? 'over_daily_limit' : 'not_placed';
    const refusal: Decision = { kind: 'refuse', reason, text: placement.text, offer };
    return { decision: refusal, at: this.deps.clock.now(), localId: null, decidedOn: latest };
  }

  private async ask(ask: QuoteAsk): Promise<QuoteResult> {
    try {
      return await this.deps.quotes.quote(ask);
    } catch (err) {
      return { ok: false, failure: 'unreachable', text: userText(err) };
    }
  }

  private async energyFee(): Promise<EnergyFeeResult> {
    try {
      return await this.deps.quotes.energyFee();
    } catch (err) {
      return { ok: false, text: userText(err) };
    }
  }

  private async place(rule: Rule, buy: BuyDecision): Promise<Placement> {
    try {
      return await this.deps.placer.place(rule, buy);
    } catch (err) {
      return { placed: false, reason: 'refused', text: words.notPlaced(userText(err)) };
    }
  }

  private conclude(rule: Rule, record: DecisionRecord): Evaluation {
    const recorded = isWorthRecording(this.lastRecord(rule.id), record);
    if (recorded) {
      this.deps.log.record(record);
      this.lastRecords.set(rule.id, record);
    }
    const evaluation = { rule, record, recorded };
    this.events.emit('decided', evaluation);
    return evaluation;
  }
}
