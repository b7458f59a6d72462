import { seededRandom } from '../seeded-random.ts';
import { tronAddressFromSeed } from '../tron-address.ts';
import type { NodeState } from './chain-state.ts';
import { sendUsdt } from './usdt-transfer.ts';
import type { EnergyModel, TransferRecord } from './usdt-transfer.ts';

/** One demo wallet's habit: a USDT transfer every `everyMs` plus up to `jitterMs`. */
export interface SpendingPlan {
  from: string;
  everyMs: number;
  jitterMs?: number;
  amountMicros: bigint;
  /** Share of transfers (0–100) that go to a brand-new address; the rest go to `holders`. */
  newRecipientPercent?: number;
  /** Stop after this many transfers (tests that need the draining to end); default never. */
  limit?: number;
}

export interface SpendingOptions {
  /** The same seed gives the same transfers at the same times. */
  seed: number;
  plans: readonly SpendingPlan[];
  /** Recipients that already hold USDT. */
  holders: readonly string[];
}

interface PlanCursor {
  readonly plan: SpendingPlan;
  readonly index: number;
  readonly random: () => number;
  nextAt: number;
  count: number;
}

/** Spending slower than this would not show; faster would flood the log. */
const MIN_EVERY_MS = 1_000;

/**
 * Demo wallets spending energy on USDT transfers over time. Like the rest of
 * the simulators it runs on observation: before the node answers, every
 * transfer due by then is applied in time order (ties in plan order), each
 * at its own time, so the energy at any moment is the same however often the
 * node is asked. Each plan draws from its own seeded generator.
 */
export class SpendingSchedule {
  readonly #cursors: PlanCursor[];
  readonly #options: SpendingOptions;
  readonly #model: EnergyModel;
  readonly #log: TransferRecord[];

  constructor(options: SpendingOptions, startMs: number, model: EnergyModel, log: TransferRecord[]) {
    this.#options = options;
    this.#model = model;
    this.#log = log;
    this.#cursors = options.plans.map((plan, index) => {
      if (!(plan.everyMs >= MIN_EVERY_MS)) throw new RangeError(`everyMs must be at least ${MIN_EVERY_MS}`);
      const cursor: PlanCursor = { plan, index, random: seededRandom(options.seed + index * 0x9e3779b1), nextAt: startMs, count: 0 };
      cursor.nextAt = startMs + this.#interval(cursor);
      return cursor;
    });
  }

  /** Applies every transfer due at or before `now`. */
  runUntil(state: NodeState, now: number): void {
    for (;;) {
      let due: PlanCursor | undefined;
      for (const cursor of this.#cursors) {
        if (cursor.nextAt <= now && (due === undefined || cursor.nextAt < due.nextAt)) due = cursor;
      }
      if (!due) return;
      const to = this.#recipient(due);
      this.#log.push(sendUsdt(state, due.plan.from, to, due.plan.amountMicros, due.nextAt, this.#model));
      due.count += 1;
      due.nextAt = due.count >= (due.plan.limit ?? Infinity) ? Infinity : due.nextAt + this.#interval(due);
    }
  }

  #interval(cursor: PlanCursor): number {
    const jitter = cursor.plan.jitterMs ?? 0;
    return cursor.plan.everyMs + Math.floor(cursor.random() * (jitter + 1));
  }

  #recipient(cursor: PlanCursor): string {
    const { holders, seed } = this.#options;
    const draw = cursor.random();
    const toNew = holders.length === 0 || draw * 100 < (cursor.plan.newRecipientPercent ?? 0);
    if (toNew) return tronAddressFromSeed(`energy-tray-sim-recipient-${seed}-${cursor.index}-${cursor.count}`);
    return holders[Math.floor(cursor.random() * holders.length)]!;
  }
}
