import { afterEach } from 'vitest';
import { ChainClient } from '../../../src/core/chain/chain-client.ts';
import type { ChainClientOptions } from '../../../src/core/chain/chain-client.ts';
import { startNodeSimulator } from '../../../src/core/simulator/node/node-simulator.ts';
import type { NodeSimulator, NodeSimulatorOptions } from '../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';

/** Test wiring: node simulators and chain clients closed after each test. */

export const WALLET = tronAddressFromSeed('chain-test-wallet');
export const HOLDER = tronAddressFromSeed('chain-test-holder');
export const NEWCOMER = tronAddressFromSeed('chain-test-newcomer');
export const STRANGER = tronAddressFromSeed('chain-test-never-activated');

const nodes: NodeSimulator[] = [];
const clients: ChainClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(nodes.splice(0).map((n) => n.close()));
});

/** A fixed clock at the start of a 3-second block slot, so the node's times (slot × 3000 ms) read as T0. */
export const T0 = 1_750_000_002_000;

/** A quiet node (no demo wallets, no spending, a clock standing at T0) with WALLET and HOLDER, unless overridden. */
export async function startNode(options: NodeSimulatorOptions = {}): Promise<NodeSimulator> {
  const node = await startNodeSimulator({
    spending: null,
    now: () => T0,
    wallets: [
      { address: WALLET, trxSun: 12_000_000n, usdtMicros: 5_000_000n, stakedEnergy: 100_000n },
      { address: HOLDER, trxSun: 1_000_000n, usdtMicros: 1n },
    ],
    ...options,
  });
  nodes.push(node);
  return node;
}

export interface SleepLog {
  waits: number[];
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Records backoff waits instead of sleeping them. */
export function recordingSleep(): SleepLog {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

export function clientFor(node: { baseUrl: string }, options: ChainClientOptions = {}): ChainClient {
  const client = new ChainClient({ nodeUrl: node.baseUrl, random: () => 0.5, sleep: async () => {}, timeoutMs: 5_000, ...options });
  clients.push(client);
  return client;
}

/** Runs `call` and returns what it threw (failing the test when it did not throw). */
export async function failure(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}
