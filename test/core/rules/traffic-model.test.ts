import { describe, expect, it } from 'vitest';
import { DAY, faultAt, generateTraffic, MERCHANT_WALLETS, pricePercentAt, type TrafficPlan, type WalletTraffic } from '../../support/traffic-model.ts';

const START = new Date(2025, 5, 2).getTime();
const SEEDS = [1, 2, 3, 4, 5, 6];
const plans = new Map<number, TrafficPlan>(SEEDS.map((seed) => [seed, generateTraffic({ seed, start: START })]));
const plan = (seed: number): TrafficPlan => plans.get(seed)!;
const of = (p: TrafficPlan, label: string) => p.transfers.filter((t) => t.wallet === label);

/** Variance over mean of transfers per 10 minutes: 1 for an even (Poisson) rate, more when they come in bursts. */
function dispersion(p: TrafficPlan, label: string): number {
  const bins = new Array<number>((7 * DAY) / 600_000).fill(0);
  for (const t of of(p, label)) bins[Math.floor((t.at - START) / 600_000)]!++;
  const mean = bins.reduce((a, b) => a + b, 0) / bins.length;
  return bins.reduce((a, b) => a + (b - mean) ** 2, 0) / bins.length / mean;
}

describe('the traffic model of the auto top-up soak', () => {
  it('gives the same week for the same seed and another week for another', () => {
    expect(generateTraffic({ seed: 1, start: START })).toEqual(plan(1));
    expect(plan(2).transfers.slice(0, 20)).not.toEqual(plan(1).transfers.slice(0, 20));
  });

  it("keeps each wallet's mean rate over the week", () => {
    for (const wallet of MERCHANT_WALLETS) {
      const weekly = SEEDS.map((seed) => of(plan(seed), wallet.label).length);
      const mean = weekly.reduce((a, b) => a + b, 0) / weekly.length;
      expect(Math.abs(mean - wallet.transfersPerDay * 7) / (wallet.transfersPerDay * 7), wallet.label).toBeLessThan(0.1);
      for (const count of weekly) expect(Math.abs(count - wallet.transfersPerDay * 7) / (wallet.transfersPerDay * 7), wallet.label).toBeLessThan(0.3);
    }
  });

  it('sends in bursts, not at an even rate, and keeps office hours where the wallet does', () => {
    const even: WalletTraffic[] = MERCHANT_WALLETS.map((w) => ({ ...w, burstFactor: 1 }));
    for (const label of ['payroll', 'exchange-hot']) {
      const bursty = SEEDS.map((seed) => dispersion(plan(seed), label));
      const calm = SEEDS.map((seed) => dispersion(generateTraffic({ seed, start: START, wallets: even }), label));
      expect(Math.min(...bursty), label).toBeGreaterThan(1.5);
      expect(bursty.reduce((a, b) => a + b, 0), label).toBeGreaterThan(1.3 * calm.reduce((a, b) => a + b, 0));
    }
    const night = of(plan(1), 'payroll').filter((t) => (t.at - START) % DAY < 6 * 3_600_000);
    expect(night).toEqual([]);
    expect(of(plan(1), 'exchange-hot').filter((t) => (t.at - START) % DAY < 6 * 3_600_000).length).toBeGreaterThan(20);
  });

  it('pays a mix of holders, many of them again, and new addresses, with the energy each needs', () => {
    for (const wallet of MERCHANT_WALLETS) {
      const transfers = SEEDS.flatMap((seed) => of(plan(seed), wallet.label));
      const share = transfers.filter((t) => !t.recipientHoldsUsdt).length / transfers.length;
      expect(Math.abs(share - wallet.newRecipientShare), wallet.label).toBeLessThan(0.06);
      for (const t of transfers) expect(t.energy).toBe(t.recipientHoldsUsdt ? 64_285n : 130_285n);
    }
    const payroll = of(plan(1), 'payroll');
    expect(new Set(payroll.map((t) => t.to)).size).toBeLessThan(payroll.length / 3);
    const amounts = plan(1).transfers.map((t) => t.amountMicros);
    expect(amounts.every((a) => a >= 1_000_000n && a <= 50_000_000_000n)).toBe(true);
    expect(new Set(plan(1).transfers.map((t) => t.from))).toEqual(new Set(Object.values(plan(1).senders)));
  });

  it('orders everything in time within the week', () => {
    for (const seed of SEEDS) {
      const p = plan(seed);
      const times = p.transfers.map((t) => t.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.every((t) => t >= START && t < START + 7 * DAY)).toBe(true);
      expect(p.restarts.every((t) => t >= START && t < p.end)).toBe(true);
      expect(p.restarts).toEqual([...p.restarts].sort((a, b) => a - b));
    }
  });

  it('has faults of both kinds of server that never overlap their own kind, short and long, and price spikes above normal', () => {
    const all = SEEDS.flatMap((seed) => plan(seed).faults);
    expect(new Set(all.map((f) => `${f.target}:${f.kind}`)).size).toBe(6);
    for (const f of all) {
      expect(f.end).toBeGreaterThan(f.start);
      expect(f.retryAfterS === null).toBe(f.kind !== 'http_429');
    }
    const lengths = all.map((f) => f.end - f.start);
    expect(Math.min(...lengths)).toBeLessThan(5 * 60_000);
    expect(Math.max(...lengths)).toBeGreaterThan(30 * 60_000);
    for (const seed of SEEDS) {
      for (const target of ['service', 'node'] as const) {
        const mine = plan(seed).faults.filter((f) => f.target === target);
        mine.slice(1).forEach((f, i) => expect(f.start).toBeGreaterThanOrEqual(mine[i]!.end));
      }
      const { spikes } = plan(seed);
      spikes.slice(1).forEach((s, i) => expect(s.start).toBeGreaterThanOrEqual(spikes[i]!.end));
      for (const s of spikes) expect(s.percent >= 250n && s.percent <= 1_000n).toBe(true);
    }
    expect(SEEDS.reduce((n, seed) => n + plan(seed).spikes.length, 0)).toBeGreaterThan(10);
  });

  it('answers what is wrong and what prices are at a moment', () => {
    const p = plan(1);
    const fault = p.faults[0]!;
    expect(faultAt(p, fault.target, fault.start)).toEqual(fault);
    expect(faultAt(p, fault.target, fault.end)).not.toEqual(fault);
    const spike = p.spikes[0]!;
    expect(pricePercentAt(p, spike.start)).toBe(spike.percent);
    expect(pricePercentAt(p, spike.end)).toBe(100n);
  });

  it('draws each wallet from its own stream: changing one leaves the others as they were', () => {
    const changed = MERCHANT_WALLETS.map((w) => (w.label === 'shop' ? { ...w, transfersPerDay: 50 } : w));
    const other = generateTraffic({ seed: 1, start: START, wallets: changed });
    expect(of(other, 'payroll')).toEqual(of(plan(1), 'payroll'));
    expect(of(other, 'shop').length).toBeGreaterThan(of(plan(1), 'shop').length * 2);
    expect(other.faults).toEqual(plan(1).faults);
  });
});
