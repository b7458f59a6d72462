import { msg, type Message, type MessageKey } from './i18n/message.ts';
import type { ResourceType } from './views.ts';

/**
 * The order rules both sides need, written once: the spec's minimums
 * (section 8), the periods the app offers, the shape of a period name and what
 * counts as an address. The dashboard's forms use them to guide the user
 * before asking; the core's checks (src/core/api/validation.ts and the request
 * schemas) enforce them before anything is sent.
 */

/** Spec section 8: buy_energy `count`. */
export const MIN_ENERGY_COUNT = 30_000;
/** Spec section 8: buy_net `count`, bytes. */
export const MIN_BANDWIDTH_COUNT = 100;

/** The smallest count of a timed order (and its quote); fast recover has no documented minimum. */
export const MIN_COUNT: Readonly<Record<ResourceType, number>> = { energy: MIN_ENERGY_COUNT, net: MIN_BANDWIDTH_COUNT };

/**
 * The periods the forms offer. The spec does not list every period the
 * service accepts, so the core lets any period name through (the server has
 * the last word, e.g. for the CLI); the app offers these.
 */
export const OFFERED_PERIODS: Readonly<Record<ResourceType, readonly string[]>> = {
  energy: ['15minutes', '1h', '1day', '3day'],
  net: ['1day', '3day'],
};

/** The period to keep when the resource changes: the same one if offered, else the resource's first. */
export function periodFor(type: ResourceType, period: string): string {
  const offered = OFFERED_PERIODS[type];
  return offered.includes(period) ? period : (offered[0] ?? '1day');
}

/** A period name as a preset stores it and the dashboard sends it: letters, digits, _ and -. */
export const PERIOD_NAME = /^[A-Za-z0-9_-]{1,32}$/;

/** Surrounding white space is never part of an address (a pasted one often carries it). */
export const cleanAddress = (text: string): string => text.trim();

/** Why a text is not a TRON address (the core decodes and checks it; base58check needs a hash the browser side lacks). */
export type AddressProblem = 'empty' | 'not base58' | 'bad length' | 'wrong version prefix' | 'bad checksum';

const PROBLEM_KEYS: Readonly<Record<AddressProblem, { words: MessageKey; sentence: MessageKey }>> = {
  empty: { words: 'errors:address.problem.empty', sentence: 'errors:address.empty' },
  'not base58': { words: 'errors:address.problem.notBase58', sentence: 'errors:address.notBase58' },
  'bad length': { words: 'errors:address.problem.badLength', sentence: 'errors:address.badLength' },
  'wrong version prefix': { words: 'errors:address.problem.wrongPrefix', sentence: 'errors:address.wrongPrefix' },
  'bad checksum': { words: 'errors:address.problem.badChecksum', sentence: 'errors:address.badChecksum' },
};

/** "bad checksum": the problem alone, inside another sentence. */
export const addressProblemWords = (problem: AddressProblem): Message => msg(PROBLEM_KEYS[problem].words);

/** "Not a valid TRON address (bad checksum).": the problem as a sentence of its own. */
export const addressProblemText = (problem: AddressProblem): Message => msg(PROBLEM_KEYS[problem].sentence);

/** A period name's length as a number and a unit: "15minutes" → 15 minutes, "3day" → 3 days; null for a name the app does not know. */
export function periodParts(period: string | null): { amount: number; unit: 'minutes' | 'hours' | 'days' } | null {
  const m = /^(\d+)\s*(minutes?|min|m|h|hours?|d|days?)$/i.exec(period ?? '');
  if (!m) return null;
  const unit = m[2]!.toLowerCase();
  return { amount: Number(m[1]), unit: unit.startsWith('m') ? 'minutes' : unit.startsWith('h') ? 'hours' : 'days' };
}

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/** "15minutes" → 15 min, "1h" → 1 h, "3day" → 3 days, in ms; null for a period name the app does not know. */
export function periodLengthMs(period: string | null): number | null {
  const parts = periodParts(period);
  return parts === null ? null : parts.amount * UNIT_MS[parts.unit];
}

/**
 * When a timed order's delegation ends: its period from when it succeeded
 * (the resource is delegated then). Null for anything else: not a timed
 * order, not (yet) succeeded, or a period the app cannot measure.
 */
export function delegatedUntil(order: { kind: string; state: string; period: string | null; finishedAt: number | null }): number | null {
  if ((order.kind !== 'energy' && order.kind !== 'net') || order.state !== 'succeeded' || order.finishedAt === null) return null;
  const length = periodLengthMs(order.period);
  return length === null ? null : order.finishedAt + length;
}
