import { afterEach, describe, expect, it } from 'vitest';
import { ChainClient } from '../../../../src/core/chain/chain-client.ts';
import { DEMO_USER, startSimulator } from '../../../../src/core/simulator/index.ts';
import type { Simulator, SimulatorOptions } from '../../../../src/core/simulator/index.ts';
import { startNodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import type { NodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import * as shape from '../shapes.ts';
import type { Caller } from '../sim-http.ts';
import { caller, fakeClock } from '../sim-http.ts';

/**
 * The two simulators linked: an order the service fulfils changes the
 * energy the node reports, on the one shared clock; no test waits for real time.
 */

const WALLET = tronAddressFromSeed('link-test-wallet');
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

interface World {
  call: Caller;
  advance: (ms: number) => void;
  sim: Simulator;
  node: NodeSimulator;
  energyLimit: () => bigint;
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

async function world(options: SimulatorOptions = {}): Promise<World> {
  const clock = fakeClock();
  const sim = await startSimulator({ now: clock.now, ...options });
  const node = await startNodeSimulator({
    now: clock.now,
    delegations: sim.delegations,
    spending: null,
    wallets: [{ address: WALLET, trxSun: 50_000_000n, usdtMicros: 100_000_000n, stakedEnergy: 10_000n }],
  });
  open.push(sim, node);
  const energyLimit = (): bigint => node.account(WALLET)?.energyLimit ?? -1n;
  return { call: caller(sim.baseUrl, DEMO_USER, clock.now), advance: clock.advance, sim, node, energyLimit };
}

async function buyEnergy(call: Caller, count: number, period: string, address = WALLET): Promise<string> {
  const out = await call('POST', '/buy_energy', { form: { address, count: String(count), period } });
  return shape.successEnvelope(shape.timedReceipt).parse(out.body).data.order_sn;
}

describe('a timed energy order raises the recipient EnergyLimit for its period', () => {
  it('from the moment the order succeeds until the period ends', async () => {
    const { call, advance, energyLimit } = await world();
    await buyEnergy(call, 65_000, '1h');
    expect(energyLimit()).toBe(10_000n); // pending
    advance(2_999);
    expect(energyLimit()).toBe(10_000n);
    advance(1); // the order succeeds (3 s by default)
    expect(energyLimit()).toBe(75_000n);
    advance(HOUR - 1);
    expect(energyLimit()).toBe(75_000n);
    advance(1); // the period ends
    expect(energyLimit()).toBe(10_000n);
  });

  it('shows through the chain client over HTTP, and the energy can be spent', async () => {
    const { call, advance, node } = await world();
    const client = new ChainClient({ nodeUrl: node.baseUrl });
    open.push(client);
    const before = await client.readResources(WALLET);
    await buyEnergy(call, 65_000, '1day');
    advance(3_000);
    const after = await client.readResources(WALLET);
    expect(after.energy.available - before.energy.available).toBe(65_000n);
    const spent = node.transfer(WALLET, tronAddressFromSeed('link-holder'), 1n);
    expect(spent).toMatchObject({ outcome: 'sent', energy: 130_285n, energyFromAccount: 75_000n, burnedSun: 55_285n * 100n });
    expect((await client.readResources(WALLET)).energy.available).toBe(0n);
  });

  it('falls back when the order is reclaimed', async () => {
    const { call, advance, energyLimit } = await world();
    const sn = await buyEnergy(call, 40_000, '1day');
    advance(3_000);
    expect(energyLimit()).toBe(50_000n);
    const out = await call('POST', '/reclaim_energy', { form: { order_sn: sn, address: WALLET } });
    expect(out.status).toBe(200);
    advance(1_999);
    expect(energyLimit()).toBe(50_000n); // reclaiming
    advance(1);
    expect(energyLimit()).toBe(10_000n); // reclaimed
    advance(2 * DAY);
    expect(energyLimit()).toBe(10_000n);
  });

  it('adds nothing when the order fails, and bandwidth orders raise NetLimit', async () => {
    const { call, advance, node } = await world({ outcome: (o) => (o.kind === 'energy' ? 'failed' : 'success') });
    await buyEnergy(call, 65_000, '1h');
    const net = await call('POST', '/buy_net', { form: { address: WALLET, count: '2000', period: '1day' } });
    expect(net.status).toBe(200);
    advance(3_000);
    expect(node.account(WALLET)).toMatchObject({ energyLimit: 10_000n, netLimit: 2_000n });
  });

  it('opens the account of an address the chain did not know, as the delegation needs one', async () => {
    const { call, advance, node } = await world();
    const stranger = tronAddressFromSeed('link-test-stranger');
    await buyEnergy(call, 30_000, '15minutes', stranger);
    expect(node.account(stranger)).toBeUndefined();
    advance(3_000);
    expect(node.account(stranger)).toMatchObject({ activated: true, energyLimit: 30_000n });
    advance(15 * 60_000);
    expect(node.account(stranger)?.energyLimit).toBe(0n);
  });
});

describe('a fast recover tops up', () => {
  it('adds its count on top of what the address has, for a day', async () => {
    const { call, advance, energyLimit } = await world();
    await buyEnergy(call, 50_000, '1h');
    const out = await call('POST', '/buy_fast_recover', { form: { address: WALLET, count: '70000', resource_type: 'energy' } });
    expect(out.status).toBe(200);
    advance(2_000); // fast recover done (2 s), timed order still pending
    expect(energyLimit()).toBe(80_000n);
    advance(1_000);
    expect(energyLimit()).toBe(130_000n);
    advance(HOUR);
    expect(energyLimit()).toBe(80_000n); // the hour order ended, the top-up stays
    advance(DAY - HOUR - 1_000);
    expect(energyLimit()).toBe(10_000n);
  });
});

describe('when a delegation ends, the usage run up on it leaves with it (Stake 2.0 undelegation)', () => {
  const HOLDER = tronAddressFromSeed('link-usage-holder');
  const available = (node: NodeSimulator): bigint => {
    const account = node.account(WALLET);
    if (!account) throw new Error('no wallet');
    const left = account.energyLimit - account.energyUsed;
    return left > 0n ? left : 0n;
  };

  it('a wallet that spent a finished rental can use the next one in full', async () => {
    const { call, advance, node } = await world();
    node.state.usdt.set(HOLDER, 1n);
    await buyEnergy(call, 130_000, '1h');
    advance(3_000);
    // Two holder transfers: 128,570 energy used of 140,000 (10,000 staked + 130,000 rented).
    expect(node.transfer(WALLET, HOLDER, 1n).energyFromAccount).toBe(64_285n);
    expect(node.transfer(WALLET, HOLDER, 1n).energyFromAccount).toBe(64_285n);
    advance(HOUR);
    // The rental ended with 13/14 of the usage; what stays is the staked share's.
    const used = node.account(WALLET)?.energyUsed ?? -1n;
    expect(used).toBeLessThan(10_000n);
    expect(used).toBeGreaterThan(0n);
    await buyEnergy(call, 65_000, '1h');
    advance(3_000);
    expect(available(node)).toBe(75_000n - used);
    const sent = node.transfer(WALLET, HOLDER, 1n);
    expect(sent.energyFromAccount).toBe(64_285n);
  });

  it('with rentals overlapping, the share left available stays the same as one ends', async () => {
    const { call, advance, node } = await world({ finishAt: () => 0 });
    node.state.usdt.set(HOLDER, 1n);
    await buyEnergy(call, 90_000, '15minutes');
    advance(5 * 60_000);
    await buyEnergy(call, 100_000, '1h');
    node.transfer(WALLET, HOLDER, 1n); // 64,285 of 200,000
    const before = available(node);
    const account = node.account(WALLET);
    advance(10 * 60_000); // the 15-minute rental ends
    // 110,000 left as the limit; the usage scaled by 110/200 (rounded down), its recovery schedule kept.
    const after = available(node);
    expect(node.account(WALLET)?.energyLimit).toBe(110_000n);
    expect(after * 200_000n).toBeGreaterThanOrEqual(before * 110_000n);
    expect(account?.energyLimit).toBe(200_000n);
  });
});
