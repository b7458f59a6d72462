import { BLOCK_INTERVAL_MS } from './resource-usage.ts';

/**
 * A node provider's daily request quota (shared/node-budget.ts), and how the
 * wallets spend it. The day is UTC's, as a provider's counter's is.
 *
 * The plan keeps the day's reads within what is left, in this order:
 * following the chain (one request per poll whatever the number of
 * addresses), then reading the addresses a block showed changing, then
 * refreshing addresses nothing happened to. When the rest of the day cannot
 * pay for all of it, the refresh interval widens first (up to a day, then no
 * refreshes), then the reads a block asks for are paced, and last the chain
 * is followed every few blocks rather than every block. Nothing fails: the
 * plan says it is short, and why, for the UI, the log and the metrics.
 */

export {
  defaultDailyBudget,
  KEYED_DAILY_BUDGET,
  KEYLESS_DAILY_BUDGET,
  MAX_DAILY_BUDGET,
  MIN_DAILY_BUDGET,
} from '../../shared/node-budget.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A full read is getaccount plus getaccountresource. */
export const REQUESTS_PER_READ = 2;
/** How old a prediction may grow when nothing happened (the bound), and how far a short budget stretches it. */
export const REFRESH_MS = 6 * HOUR_MS;
export const MAX_REFRESH_MS = DAY_MS;
/** Following never waits longer than this many blocks between polls (one a minute). */
export const MAX_FOLLOW_EVERY = 20;
/** Following takes at most this share of what is left when it has to be widened: the reads it triggers need the rest. */
const FOLLOW_SHARE = 0.7;
/** However short the budget, this many reads an hour stay allowed: what a block showed must be read some time. */
const MIN_EVENT_READS_PER_HOUR = 30;
/** Kept aside from every plan: estimates of the day's reads are estimates, and a provider counts what it counts. */
const RESERVE_SHARE = 0.02;

export type ShortReason = 'refresh_widened' | 'no_refresh' | 'events_paced' | 'follow_widened';

export interface BudgetPlan {
  /** Blocks between follow polls: 1 follows every block (3 s). */
  followEvery: number;
  /** An address nothing happened to is read again after this (Infinity: not until something happens). */
  refreshMs: number;
  /** Reads a block asks for, at most this many an hour (Infinity: all at once). */
  eventReadsPerHour: number;
  /** What was cut to make the day fit, in the order it is cut; empty when the budget suffices. */
  short: ShortReason[];
}

export interface BudgetDemand {
  /** Watched addresses, every profile together. */
  addresses: number;
  /** The refresh wanted when the budget allows it (REFRESH_MS unless a watcher asks for more often). */
  refreshMs: number;
  /** Requests an hour the reads a block asked for have cost lately. */
  eventRequestsPerHour: number;
}

export interface BudgetInput extends BudgetDemand {
  budget: number;
  usedToday: number;
  /** ms left of the (UTC) day. */
  leftMs: number;
}

const followCost = (leftMs: number, every: number): number => leftMs / (BLOCK_INTERVAL_MS * every);
const refreshCost = (addresses: number, leftMs: number, refreshMs: number): number =>
  Number.isFinite(refreshMs) ? (REQUESTS_PER_READ * addresses * leftMs) / refreshMs : 0;

/** The plan for the rest of the day (pure, so each step of a short budget can be tested on its own). */
export function planBudget(input: BudgetInput): BudgetPlan {
  const left = Math.max(0, input.budget * (1 - RESERVE_SHARE) - input.usedToday);
  const leftMs = Math.max(BLOCK_INTERVAL_MS, input.leftMs);
  const events = (input.eventRequestsPerHour * leftMs) / HOUR_MS;
  const follow = followCost(leftMs, 1);
  if (follow + events + refreshCost(input.addresses, leftMs, input.refreshMs) <= left) {
    return { followEvery: 1, refreshMs: input.refreshMs, eventReadsPerHour: Infinity, short: [] };
  }
  const spare = left - follow - events;
  const stretched = spare > 0 && input.addresses > 0 ? (REQUESTS_PER_READ * input.addresses * leftMs) / spare : Infinity;
  if (stretched <= Math.max(MAX_REFRESH_MS, input.refreshMs)) {
    return { followEvery: 1, refreshMs: Math.max(input.refreshMs, stretched), eventReadsPerHour: Infinity, short: ['refresh_widened'] };
  }
  const short: ShortReason[] = ['no_refresh'];
  let followEvery = 1;
  if (follow > FOLLOW_SHARE * left) {
    followEvery = Math.min(MAX_FOLLOW_EVERY, Math.max(2, Math.ceil(follow / Math.max(1, FOLLOW_SHARE * left))));
    short.push('follow_widened');
  }
  const forEvents = left - followCost(leftMs, followEvery);
  let eventReadsPerHour = Infinity;
  if (forEvents < events) {
    eventReadsPerHour = Math.max(MIN_EVENT_READS_PER_HOUR, (Math.max(0, forEvents) * HOUR_MS) / leftMs / REQUESTS_PER_READ);
    short.splice(1, 0, 'events_paced');
  }
  return { followEvery, refreshMs: Infinity, eventReadsPerHour, short };
}

/** The start of the UTC day holding `at`. */
export const utcDayStart = (at: number): number => at - (((at % DAY_MS) + DAY_MS) % DAY_MS);

export interface BudgetStatus {
  budget: number;
  /** Requests sent to the node since the UTC day began (every attempt counts, whatever it was for). */
  usedToday: number;
  dayStart: number;
  plan: BudgetPlan;
}

/** The reads blocks asked for are averaged over this many hours to plan the rest of the day. */
const EVENT_WINDOW_HOURS = 3;

/** Requests in the last hours, by hour, for the event rate. */
interface HourCount {
  hour: number;
  count: number;
}

/**
 * One key's budget: counts the requests sent (every attempt, whoever sent
 * it), remembers what the reads a block asked for cost lately, and plans.
 */
export class RequestBudget {
  private budget: number;
  private refreshMs = REFRESH_MS;
  private day = -1;
  private used = 0;
  private readonly eventHours: HourCount[] = [];
  private firstEventHour: number | null = null;
  private readonly now: () => number;

  constructor(options: { budget: number; now: () => number; usedToday?: number }) {
    this.budget = options.budget;
    this.now = options.now;
    this.rollDay();
    this.used = options.usedToday ?? 0;
  }

  setBudget(budget: number): void {
    this.budget = budget;
  }

  /** The refresh the watchers want when the budget allows it. */
  setRefreshMs(refreshMs: number): void {
    this.refreshMs = refreshMs;
  }

  dailyBudget(): number {
    return this.budget;
  }

  /** One request left for the node. */
  count(requests = 1): void {
    this.rollDay();
    this.used += requests;
  }

  /** Requests one read a block asked for cost (also counted by `count`, as every request is). */
  noteEventRequests(requests: number): void {
    const hour = Math.floor(this.now() / HOUR_MS);
    const last = this.eventHours.at(-1);
    if (last?.hour === hour) last.count += requests;
    else this.eventHours.push({ hour, count: requests });
    this.firstEventHour ??= hour;
    while (this.eventHours.length > 0 && this.eventHours[0]!.hour <= hour - EVENT_WINDOW_HOURS) this.eventHours.shift();
  }

  /**
   * The reads blocks asked for lately, an hour's worth: the mean of the last
   * three hours (this one so far included), so a half-hour burst does not
   * read as a whole day of bursts.
   */
  eventRequestsPerHour(): number {
    const now = this.now();
    const hour = Math.floor(now / HOUR_MS);
    const recent = this.eventHours.filter((h) => h.hour >= hour - EVENT_WINDOW_HOURS + 1).reduce((sum, h) => sum + h.count, 0);
    const since = Math.max(this.firstEventHour ?? hour, hour - EVENT_WINDOW_HOURS + 1) * HOUR_MS;
    return recent / Math.max(1, (now - since) / HOUR_MS);
  }

  /** A count kept from an earlier run: taken when it is of today and larger than what this run counted. */
  restoreCount(dayStart: number, used: number): void {
    this.rollDay();
    if (dayStart === this.day && used > this.used) this.used = used;
  }

  usedToday(): number {
    this.rollDay();
    return this.used;
  }

  status(addresses: number): BudgetStatus {
    this.rollDay();
    const now = this.now();
    const dayStart = utcDayStart(now);
    const plan = planBudget({
      budget: this.budget,
      usedToday: this.used,
      leftMs: dayStart + DAY_MS - now,
      addresses,
      refreshMs: this.refreshMs,
      eventRequestsPerHour: this.eventRequestsPerHour(),
    });
    return { budget: this.budget, usedToday: this.used, dayStart, plan };
  }

  private rollDay(): void {
    const day = utcDayStart(this.now());
    if (day === this.day) return;
    this.day = day;
    this.used = 0;
  }
}
