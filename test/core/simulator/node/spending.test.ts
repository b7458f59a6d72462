import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER, startSimulator } from '../../../../src/core/simulator/index.ts';
import { DEMO_WALLET_ADDRESSES } from '../../../../src/core/simulator/node/demo-chain.ts';
import { startNodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import type { NodeSimulator, NodeSimulatorOptions } from '../../../../src/core/simulator/node/node-simulator.ts';
import type { SpendingPlan } from '../../../../src/core/simulator/node/spending.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import { caller, fakeClock } from '../sim-http.ts';

/** Demo wallets spending energy on USDT transfers over time, by TRON's resource rules. */

const WALLET = tronAddressFromSeed('spending-test-wallet');
const HOLDER = tronAddressFromSeed('spending-test-holder');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

function plan(over: Partial<SpendingPlan> = {}): SpendingPlan {
  return { from: WALLET, everyMs: 10 * MINUTE, amountMicros: 1_000_000n, newRecipientPercent: 0, ...over };
}

async function node(options: NodeSimulatorOptions & { now: () => number }): Promise<NodeSimulator> {
  const n = await startNodeSimulator({
    wallets: [
      { address: WALLET, trxSun: 100_000_000n, usdtMicros: 1_000_000_000n, stakedEnergy: 200_000n },
      { address: HOLDER, usdtMicros: 1n },
    ],
    spending: { seed: 7, holders: [HOLDER], plans: [plan()] },
    ...options,
  });
  open.push(n);
  return n;
}

describe('energy drains as the wallet pays, and recovers over 24 h', () => {
  it('uses energy per transfer, then burns TRX when it runs out', async () => {
    const clock = fakeClock();
    const wallets = [{ address: WALLET, trxSun: 100_000_000n, usdtMicros: 10_000_000n, stakedEnergy: 150_000n }, { address: HOLDER, usdtMicros: 1n }];
    const n = await node({ now: clock.now, wallets });
    clock.advance(10 * MINUTE);
    expect(n.account(WALLET)?.energyUsed).toBe(64_285n);
    clock.advance(10 * MINUTE);
    // The first use recovered 10/1440 of itself (floored) before the second.
    expect(n.account(WALLET)?.energyUsed).toBe((64_285n * 1_430n) / 1_440n + 64_285n);
    clock.advance(20 * MINUTE);
    expect(n.transfers.map((t) => t.outcome)).toEqual(['sent', 'sent', 'sent', 'sent']);
    const [, , third, fourth] = n.transfers;
    expect(third!.energyFromAccount).toBeLessThan(64_285n);
    expect(third!.burnedSun).toBe((64_285n - third!.energyFromAccount) * 100n + 345n * 1_000n);
    expect(fourth!.energyFromAccount).toBeLessThan(1_500n);
    const trxSpent = 100_000_000n - n.account(WALLET)!.trxSun;
    expect(trxSpent).toBe(n.transfers.reduce((sum, t) => sum + t.burnedSun, 0n));
  });

  it('pays bandwidth from the 600 free bytes, then burns the whole 345 bytes', async () => {
    const clock = fakeClock();
    const n = await node({ now: clock.now, wallets: [{ address: WALLET, trxSun: 100_000_000n, usdtMicros: 10_000_000n, stakedEnergy: 10_000_000n }] });
    clock.advance(20 * MINUTE);
    const [first, second] = n.transfers;
    expect([first?.outcome, second?.outcome]).toEqual(['sent', 'sent']);
    expect(first!.burnedSun).toBe(0n);
    expect(second!.burnedSun).toBe(345_000n);
    expect(n.account(WALLET)?.freeNetUsed).toBe((345n * 1_430n) / 1_440n);
  });

  it('recovers used energy linearly: half after 12 h, none after 24 h', async () => {
    const clock = fakeClock();
    const n = await node({ now: clock.now, spending: null });
    n.transfer(WALLET, HOLDER, 1n);
    clock.advance(12 * HOUR);
    expect(n.account(WALLET)?.energyUsed).toBe(64_285n / 2n);
    clock.advance(12 * HOUR);
    expect(n.account(WALLET)?.energyUsed).toBe(0n);
  });

  it('refuses a transfer the wallet cannot pay for and changes nothing', async () => {
    const clock = fakeClock();
    const n = await node({ now: clock.now, spending: null, wallets: [{ address: WALLET, trxSun: 1_000n, usdtMicros: 5n }] });
    expect(n.transfer(WALLET, HOLDER, 1n).outcome).toBe('insufficient-trx');
    expect(n.transfer(WALLET, HOLDER, 6n).outcome).toBe('insufficient-usdt');
    expect(n.transfer(HOLDER, WALLET, 1n).outcome).toBe('no-account');
    expect(n.account(WALLET)).toMatchObject({ trxSun: 1_000n, usdtMicros: 5n, energyUsed: 0n, freeNetUsed: 0n });
  });

  it('sends to new addresses at the planned share, and those cost more', async () => {
    const clock = fakeClock();
    const n = await node({ now: clock.now, spending: { seed: 3, holders: [HOLDER], plans: [plan({ newRecipientPercent: 100 })] } });
    clock.advance(30 * MINUTE);
    expect(n.transfers).toHaveLength(3);
    expect(new Set(n.transfers.map((t) => t.to)).size).toBe(3);
    expect(n.transfers.every((t) => t.to !== HOLDER && t.energy === 130_285n)).toBe(true);
  });
});

describe('the schedule is deterministic', () => {
  it('gives the same transfers at the same times however often the node is observed', async () => {
    const spending = { seed: 99, holders: [HOLDER], plans: [plan({ jitterMs: 7 * MINUTE, newRecipientPercent: 40 }), plan({ everyMs: 13 * MINUTE, jitterMs: MINUTE })] };
    const often = fakeClock();
    const rarely = fakeClock();
    const a = await node({ now: often.now, spending });
    const b = await node({ now: rarely.now, spending });
    for (let i = 0; i < 6 * 60; i++) {
      often.advance(MINUTE);
      a.account(WALLET);
    }
    rarely.advance(6 * HOUR);
    expect(b.account(WALLET)).toEqual(a.account(WALLET));
    expect(b.transfers).toEqual(a.transfers);
    expect(a.transfers.length).toBeGreaterThan(40);
    const times = a.transfers.map((t) => t.at);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });
});

describe('the demo', () => {
  it('drains the payroll wallet, and a top-up through the service refills it', async () => {
    const clock = fakeClock();
    const sim = await startSimulator({ now: clock.now });
    const n = await startNodeSimulator({ now: clock.now, delegations: sim.delegations });
    open.push(sim, n);
    const payroll = DEMO_WALLET_ADDRESSES.payroll;
    const available = (): bigint => {
      const a = n.account(payroll)!;
      return a.energyLimit > a.energyUsed ? a.energyLimit - a.energyUsed : 0n;
    };
    const start = available();
    clock.advance(2 * HOUR);
    const drained = available();
    expect(drained).toBeLessThan(start);
    expect(n.transfers.some((t) => t.from === payroll && t.burnedSun > 0n)).toBe(true);
    const call = caller(sim.baseUrl, DEMO_USER, clock.now);
    const out = await call('POST', '/buy_energy', { form: { address: payroll, count: '130000', period: '1h' } });
    expect(out.status).toBe(200);
    clock.advance(3_000);
    expect(available()).toBeGreaterThanOrEqual(drained + 129_000n);
  });
});
