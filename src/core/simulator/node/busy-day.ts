import { seededRandom } from '../seeded-random.ts';
import { tronAddressFromSeed } from '../tron-address.ts';
import type { NodeState } from './chain-state.ts';
import { sendUsdt } from './usdt-transfer.ts';
import type { EnergyModel, TransferRecord } from './usdt-transfer.ts';

/**
 * A merchant's day on the simulated chain: many sending addresses (deposit
 * addresses swept, hot wallets paying out) making an exact number of USDT
 * transfers a day, in a seeded pattern of quiet hours and bursts. A few
 * addresses send most of the transfers (weights fall off as 1/rank^skew),
 * most send a handful, some none. The same seed gives the same transfers at
 * the same times, from the same senders, to the same recipients; days after
 * the first repeat the shape with fresh draws.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A merchant's hours: quiet at night, busy through the working day and the evening. */
export const MERCHANT_HOURS: readonly number[] = [
  0.2, 0.1, 0.1, 0.1, 0.1, 0.2, 0.4, 0.8, 1.4, 1.8, 2, 2, 1.8, 1.9, 2, 2, 1.9, 1.7, 1.5, 1.3, 1.1, 0.8, 0.5, 0.3,
];

export interface BusyDayOptions {
  seed: number;
  /** The sending addresses (the node must hold them, with USDT and TRX to pay). */
  senders: readonly string[];
  transfersPerDay: number;
  /** Recipients that already hold USDT; the rest go to new addresses. */
  holders: readonly string[];
  /** Share (0–100) of transfers to a brand-new address (130,285 energy rather than 64,285). */
  newRecipientPercent: number;
  amountMicros: bigint;
  /** 24 weights, hour 0 first (default MERCHANT_HOURS); hour 0 starts at `start`. */
  hours?: readonly number[];
  /** Bursts a day (payout runs, a sale), each about `burstMinutes` long with `burstFactor` times the rate. */
  burstsPerDay?: number;
  burstMinutes?: number;
  burstFactor?: number;
  /** How unevenly senders share the transfers: 0 evenly, 1 Zipf (default 0.9). */
  skew?: number;
}

interface PlannedTransfer {
  at: number;
  from: string;
  toNew: boolean;
  holder: number;
}

/** The index of the first cumulative weight above `x` (binary search). */
function pick(cumulative: readonly number[], x: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function cumulate(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((w) => (sum += w));
}

/** One day's transfers from `dayStart`, sorted by time. */
export function planBusyDay(options: BusyDayOptions, dayStart: number, day: number): PlannedTransfer[] {
  const random = seededRandom((options.seed ^ Math.imul(day + 1, 0x9e3779b1)) >>> 0);
  const hours = options.hours ?? MERCHANT_HOURS;
  const minutes = Array.from({ length: 24 * 60 }, (_, m) => hours[Math.floor(m / 60)] ?? 0);
  const bursts = Math.round((options.burstsPerDay ?? 4) * (0.5 + random()));
  for (let b = 0; b < bursts; b++) {
    // Bursts start where the day is busy: a minute drawn by the hours' weights.
    const startAt = pick(cumulate(minutes), random() * minutes.reduce((a, w) => a + w, 0));
    const length = Math.max(1, Math.round((options.burstMinutes ?? 20) * (0.5 + random())));
    for (let m = startAt; m < Math.min(minutes.length, startAt + length); m++) minutes[m]! *= options.burstFactor ?? 6;
  }
  const byMinute = cumulate(minutes);
  const totalWeight = byMinute.at(-1) ?? 0;
  const skew = options.skew ?? 0.9;
  const bySender = cumulate(options.senders.map((_, i) => 1 / (i + 1) ** skew));
  const senderWeight = bySender.at(-1) ?? 0;
  const planned: PlannedTransfer[] = [];
  for (let i = 0; i < options.transfersPerDay && totalWeight > 0 && options.senders.length > 0; i++) {
    const minute = pick(byMinute, random() * totalWeight);
    const at = dayStart + minute * MINUTE + Math.floor(random() * MINUTE);
    const from = options.senders[pick(bySender, random() * senderWeight)]!;
    const toNew = options.holders.length === 0 || random() * 100 < options.newRecipientPercent;
    planned.push({ at, from, toNew, holder: Math.floor(random() * options.holders.length) });
  }
  return planned.sort((a, b) => a.at - b.at);
}

/**
 * Applies the busy day's transfers as time passes, like the spending
 * schedule: before the node answers, every transfer due by then is sent at
 * its own time, so the chain is the same however often it is asked.
 */
export class BusyDaySchedule {
  readonly #options: BusyDayOptions;
  readonly #start: number;
  readonly #model: EnergyModel;
  readonly #log: TransferRecord[];
  #day = -1;
  #planned: PlannedTransfer[] = [];
  #next = 0;
  #serial = 0;

  constructor(options: BusyDayOptions, startMs: number, model: EnergyModel, log: TransferRecord[]) {
    this.#options = options;
    this.#start = startMs;
    this.#model = model;
    this.#log = log;
  }

  runUntil(state: NodeState, now: number): void {
    for (;;) {
      if (this.#next >= this.#planned.length) {
        const day = this.#day + 1;
        const dayStart = this.#start + day * DAY;
        if (dayStart > now) return;
        this.#day = day;
        this.#planned = planBusyDay(this.#options, dayStart, day);
        this.#next = 0;
        continue;
      }
      const transfer = this.#planned[this.#next]!;
      if (transfer.at > now) return;
      this.#next++;
      const to = transfer.toNew
        ? tronAddressFromSeed(`energy-tray-sim-busy-${this.#options.seed}-${this.#serial++}`)
        : this.#options.holders[transfer.holder]!;
      this.#log.push(sendUsdt(state, transfer.from, to, this.#options.amountMicros, transfer.at, this.#model));
    }
  }
}
