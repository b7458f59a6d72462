import { ENERGY_PER_TRANSFER_TO_HOLDER, ENERGY_PER_TRANSFER_TO_NEW_ADDRESS } from '../../src/core/chain/usdt.ts';
import { seededRandom } from '../../src/core/simulator/seeded-random.ts';
import { tronAddressFromSeed } from '../../src/core/simulator/tron-address.ts';

/**
 * The traffic of the auto top-up soak and bench (issue 15): a pure, seeded
 * generator of a week in the life of three merchant wallets sending USDT,
 * with the troubles of that week (service and node faults, price spikes,
 * restarts). The same seed gives the same week; each wallet and each kind of
 * trouble draws from its own stream, so changing one leaves the others be.
 * Times are ms from `start`, which is taken as a midnight: the hour of day
 * is counted from it, not from the machine's time zone.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface WalletTraffic {
  label: string;
  /** Mean transfers a day over the week. */
  transfersPerDay: number;
  /** Share of transfers to an address that never held USDT (the transfer creates its slot: 130,285 energy, not 64,285). */
  newRecipientShare: number;
  /** Of the transfers to holders, the share that go to an address this wallet paid before. */
  repeatShare: number;
  /** In a burst the rate is this many times the calm rate; bursts come `burstsPerDay` a day and last about `burstMinutes`. */
  burstFactor: number;
  burstsPerDay: number;
  burstMinutes: number;
  /** The shape of a day: 24 relative weights, hour 0 first. */
  hours: readonly number[];
}

const office = [0, 0, 0, 0, 0, 0, 0.2, 0.6, 1.5, 2, 2, 1.8, 1.2, 1.8, 2, 2, 1.6, 1, 0.4, 0.2, 0.1, 0, 0, 0];
const roundTheClock = [0.6, 0.5, 0.4, 0.4, 0.4, 0.5, 0.7, 0.9, 1.1, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.3, 1.4, 1.5, 1.6, 1.5, 1.3, 1, 0.8];
const daytime = [0.1, 0, 0, 0, 0, 0, 0.2, 0.5, 1, 1.3, 1.5, 1.5, 1.4, 1.5, 1.5, 1.4, 1.3, 1.2, 1.1, 1, 0.8, 0.5, 0.3, 0.2];

/**
 * Three kinds of merchant: a payroll wallet (office hours, paying mostly the
 * same people, in a couple of sharp batches a day), an exchange or payment
 * processor's hot wallet (day and night, many first-time recipients, frequent
 * bursts), and a shop paying refunds and suppliers (a few a day, half to new
 * addresses).
 */
export const MERCHANT_WALLETS: readonly WalletTraffic[] = [
  { label: 'payroll', transfersPerDay: 40, newRecipientShare: 0.08, repeatShare: 0.9, burstFactor: 15, burstsPerDay: 2, burstMinutes: 20, hours: office },
  { label: 'exchange-hot', transfersPerDay: 150, newRecipientShare: 0.35, repeatShare: 0.5, burstFactor: 6, burstsPerDay: 6, burstMinutes: 30, hours: roundTheClock },
  { label: 'shop', transfersPerDay: 12, newRecipientShare: 0.5, repeatShare: 0.6, burstFactor: 4, burstsPerDay: 1, burstMinutes: 15, hours: daytime },
];

/** `count` merchant wallets, the three kinds in turn, each drawing from its own stream (labels `payroll-0`, `exchange-hot-1`, …). */
export function merchantFleet(count: number): WalletTraffic[] {
  return Array.from({ length: count }, (_, i) => {
    const base = MERCHANT_WALLETS[i % MERCHANT_WALLETS.length]!;
    return { ...base, label: `${base.label}-${i}` };
  });
}

/** A watched address with no rule: a deposit address swept a few times a day, in the daytime. */
export function bystanders(count: number): WalletTraffic[] {
  return Array.from({ length: count }, (_, i) => ({
    label: `bystander-${i}`,
    transfersPerDay: 3,
    newRecipientShare: 0.3,
    repeatShare: 0.5,
    burstFactor: 1,
    burstsPerDay: 0,
    burstMinutes: 1,
    hours: daytime,
  }));
}

/** The kind a fleet wallet's label names (`exchange-hot-4` → `exchange-hot`). */
export const kindOf = (label: string): string => label.replace(/-\d+$/, '');

export interface Transfer {
  at: number;
  wallet: string;
  /** The sending address (tronAddressFromSeed of the seed and label). */
  from: string;
  to: string;
  recipientHoldsUsdt: boolean;
  energy: bigint;
  amountMicros: bigint;
}

export type FaultKind = 'http_5xx' | 'hang' | 'http_429';

export interface FaultWindow {
  target: 'service' | 'node';
  kind: FaultKind;
  start: number;
  end: number;
  /** A 429's Retry-After, in seconds. */
  retryAfterS: number | null;
}

export interface PriceSpike {
  start: number;
  end: number;
  /** Prices are this percent of normal (250 = ×2.5). */
  percent: bigint;
}

export interface TrafficOptions {
  seed: number;
  /** A midnight, ms. */
  start: number;
  days?: number;
  wallets?: readonly WalletTraffic[];
  serviceFaultsPerDay?: number;
  nodeFaultsPerDay?: number;
  spikesPerDay?: number;
  restartsPerDay?: number;
}

export interface TrafficPlan {
  start: number;
  end: number;
  /** Sending address per wallet label. */
  senders: Record<string, string>;
  transfers: Transfer[];
  faults: FaultWindow[];
  spikes: PriceSpike[];
  restarts: number[];
}

/** FNV-1a: a stream's seed from the run's seed and a name. */
function streamSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** Exponential gap with the given mean (ms). */
const gap = (random: () => number, meanMs: number): number => -Math.log(1 - random()) * meanMs;

/** Times of a Poisson process of `perDay` events a day over [start, end), each with a duration; windows never overlap. */
function windows(random: () => number, start: number, end: number, perDay: number, duration: () => number): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  if (perDay <= 0) return found;
  let at = start + gap(random, DAY / perDay);
  while (at < end) {
    const until = Math.min(end, at + duration());
    found.push({ start: Math.round(at), end: Math.round(until) });
    at = until + gap(random, DAY / perDay);
  }
  return found;
}

/**
 * When the wallet's bursts come: a Poisson process kept in proportion to the
 * hour's weight (a payroll batch runs in office hours), at a rate that keeps
 * `burstsPerDay` on average.
 */
function burstWindows(random: () => number, options: Required<TrafficOptions>, wallet: WalletTraffic): Array<{ start: number; end: number }> {
  const weightAt = (at: number): number => wallet.hours[Math.floor(((at - options.start) % DAY) / HOUR)] ?? 0;
  const maxWeight = Math.max(...wallet.hours);
  const meanWeight = wallet.hours.reduce((a, b) => a + b, 0) / 24;
  const end = options.start + options.days * DAY;
  const candidates = windows(random, options.start, end, (wallet.burstsPerDay * maxWeight) / meanWeight, () => Math.max(MINUTE, gap(random, wallet.burstMinutes * MINUTE)));
  return candidates.filter((w) => random() * maxWeight < weightAt(w.start));
}

function walletTransfers(options: Required<TrafficOptions>, wallet: WalletTraffic, from: string): Transfer[] {
  const random = seededRandom(streamSeed(options.seed, `wallet:${wallet.label}`));
  const end = options.start + options.days * DAY;
  const bursts = burstWindows(random, options, wallet);
  const shape = (at: number, b: number): number => {
    const inBurst = b < bursts.length && bursts[b]!.start <= at && at < bursts[b]!.end;
    return (wallet.hours[Math.floor(((at - options.start) % DAY) / HOUR)] ?? 0) * (inBurst ? wallet.burstFactor : 1);
  };
  // Scale the shape (hour weight × burst factor) so that the week holds transfersPerDay × days on average, per ms.
  let area = 0;
  for (let at = options.start + MINUTE / 2, b = 0; at < end; at += MINUTE) {
    while (b < bursts.length && bursts[b]!.end <= at) b++;
    area += shape(at, b) * MINUTE;
  }
  const scale = area > 0 ? (wallet.transfersPerDay * options.days) / area : 0;
  const peak = scale * Math.max(...wallet.hours) * wallet.burstFactor;
  const paid: string[] = [];
  const transfers: Transfer[] = [];
  let serial = 0;
  let b = 0;
  // Thinning: candidates at the peak rate, each kept with the rate at its moment over the peak.
  for (let at = options.start + gap(random, 1 / peak); peak > 0 && at < end; at += gap(random, 1 / peak)) {
    while (b < bursts.length && bursts[b]!.end <= at) b++;
    if (random() * peak >= scale * shape(at, b)) continue;
    const isNew = random() < wallet.newRecipientShare;
    const repeat = !isNew && paid.length > 0 && random() < wallet.repeatShare;
    const to = repeat ? paid[Math.floor(random() * paid.length)]! : tronAddressFromSeed(`${options.seed}:${wallet.label}:r${serial++}`);
    if (!repeat) paid.push(to);
    // Amounts spread over orders of magnitude (a few USDT to tens of thousands), in whole cents.
    const cents = Math.round(Math.exp(Math.log(2_000) + 2 * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())));
    transfers.push({
      at: Math.round(at),
      wallet: wallet.label,
      from,
      to,
      recipientHoldsUsdt: !isNew,
      energy: isNew ? ENERGY_PER_TRANSFER_TO_NEW_ADDRESS : ENERGY_PER_TRANSFER_TO_HOLDER,
      amountMicros: BigInt(Math.min(Math.max(cents, 100), 5_000_000)) * 10_000n,
    });
  }
  return transfers;
}

function faults(options: Required<TrafficOptions>, target: FaultWindow['target'], perDay: number): FaultWindow[] {
  const random = seededRandom(streamSeed(options.seed, `faults:${target}`));
  // Mostly short blips (30 s to 5 min), sometimes a long outage (10 to 90 min).
  const duration = (): number => (random() < 0.7 ? 30_000 + random() * 4.5 * MINUTE : 10 * MINUTE + random() * 80 * MINUTE);
  return windows(random, options.start, options.start + options.days * DAY, perDay, duration).map((w) => {
    const draw = random();
    const kind: FaultKind = draw < 0.5 ? 'http_5xx' : draw < 0.75 ? 'hang' : 'http_429';
    return { target, kind, ...w, retryAfterS: kind === 'http_429' ? 1 + Math.floor(random() * 120) : null };
  });
}

/** A week (by default) of transfers and troubles, the same for the same options. */
export function generateTraffic(input: TrafficOptions): TrafficPlan {
  const options: Required<TrafficOptions> = {
    days: 7,
    wallets: MERCHANT_WALLETS,
    serviceFaultsPerDay: 2,
    nodeFaultsPerDay: 3,
    spikesPerDay: 0.7,
    restartsPerDay: 0.5,
    ...input,
  };
  const end = options.start + options.days * DAY;
  const senders = Object.fromEntries(options.wallets.map((w) => [w.label, tronAddressFromSeed(`${options.seed}:${w.label}`)]));
  const transfers = options.wallets.flatMap((w) => walletTransfers(options, w, senders[w.label]!)).sort((a, b) => a.at - b.at);
  const spikeRandom = seededRandom(streamSeed(options.seed, 'spikes'));
  const spikes = windows(spikeRandom, options.start, end, options.spikesPerDay, () => 15 * MINUTE + spikeRandom() * 165 * MINUTE).map((w) => ({
    ...w,
    percent: BigInt(250 + Math.floor(spikeRandom() * 751)),
  }));
  const restartRandom = seededRandom(streamSeed(options.seed, 'restarts'));
  const restarts = windows(restartRandom, options.start, end, options.restartsPerDay, () => 0).map((w) => w.start);
  const allFaults = [...faults(options, 'service', options.serviceFaultsPerDay), ...faults(options, 'node', options.nodeFaultsPerDay)].sort((a, b) => a.start - b.start);
  return { start: options.start, end, senders, transfers, faults: allFaults, spikes, restarts };
}

/** The fault of `target` at `at`, if one is on. */
export function faultAt(plan: Pick<TrafficPlan, 'faults'>, target: FaultWindow['target'], at: number): FaultWindow | null {
  return plan.faults.find((f) => f.target === target && f.start <= at && at < f.end) ?? null;
}

/** The price factor at `at`, in percent (100 outside spikes). */
export function pricePercentAt(plan: Pick<TrafficPlan, 'spikes'>, at: number): bigint {
  return plan.spikes.find((s) => s.start <= at && at < s.end)?.percent ?? 100n;
}
