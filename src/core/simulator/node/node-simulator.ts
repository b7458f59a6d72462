import { createServer } from 'node:http';
import { RingLog } from '../../base/ring-log.ts';
import type { DelegationSource } from '../delegation-link.ts';
import { FaultTable } from '../faults.ts';
import type { FaultControl } from '../faults.ts';
import { listen } from '../listen.ts';
import { readBody } from '../server.ts';
import { BusyDaySchedule } from './busy-day.ts';
import type { BusyDayOptions } from './busy-day.ts';
import { ChainBlocks } from './chain-blocks.ts';
import { MAINNET_FEES } from './chain-parameters.ts';
import type { ChainParams } from './chain-parameters.ts';
import { NodeState } from './chain-state.ts';
import type { NodeWalletSeed } from './chain-state.ts';
import { DEMO_SPENDING, DEMO_WALLETS } from './demo-chain.ts';
import type { NodeContext } from './node-context.ts';
import { handleNodeRequest } from './node-server.ts';
import type { NodeFault, NodeRequestRecord } from './node-server.ts';
import { SpendingSchedule } from './spending.ts';
import type { SpendingOptions } from './spending.ts';
import { MAINNET_ENERGY, sendUsdt } from './usdt-transfer.ts';
import type { EnergyModel, TransferRecord } from './usdt-transfer.ts';

export type { NodeFault, NodeRequestRecord } from './node-server.ts';

/**
 * A TRON full node on 127.0.0.1 that TRON clients can use (TronWeb, the
 * app's ChainClient, curl): java-tron's HTTP API for accounts, resources,
 * the USDT contract, chain parameters, blocks and delegations, in hex or
 * base58 (`visible`), over GET or POST. It runs on the service simulator's
 * clock and is linked to it: a successful energy order delegates energy to
 * the receiving address for its period, visible in getaccountresource and as
 * a DelegateResource transaction in the next block.
 */

export interface NodeSimulatorOptions {
  host?: string;
  port?: number;
  /** The shared clock in ms (default Date.now). */
  now?: () => number;
  /** The service simulator's delegations (Simulator.delegations). */
  delegations?: DelegationSource;
  /** Default DEMO_WALLETS; [] for none. */
  wallets?: readonly NodeWalletSeed[];
  /** Default DEMO_SPENDING; null for none. */
  spending?: SpendingOptions | null;
  /** A merchant's day of transfers from many addresses, repeated each day (busy-day.ts). */
  busyDay?: BusyDayOptions;
  /** The fees and the free bandwidth (default mainnet's: 100 SUN per energy, 1,000 SUN per byte, 600 bytes). */
  params?: Partial<ChainParams>;
  /** The USDT contract's energy: base figures and energy_factor (default mainnet's, usdt-transfer.ts). */
  energy?: Partial<EnergyModel>;
  usdtContract?: string;
  /** When set, a request carrying another TRON-PRO-API-KEY gets 401 (no key is still served). */
  apiKey?: string;
  /** Request records and transfers kept, the oldest dropped first (default 100,000): the demo runs for days. */
  logLimit?: number;
}

export interface NodeAccountView {
  activated: true;
  trxSun: bigint;
  usdtMicros: bigint;
  energyLimit: bigint;
  energyUsed: bigint;
  netLimit: bigint;
  netUsed: bigint;
  freeNetUsed: bigint;
}

export interface NodeSimulator {
  /** e.g. http://127.0.0.1:PORT (the endpoints are under /wallet/ and /walletsolidity/). */
  readonly baseUrl: string;
  close(): Promise<void>;
  readonly faults: FaultControl<NodeFault>;
  readonly requests: ReadonlyArray<Readonly<NodeRequestRecord>>;
  requestCount(path?: string): number;
  readonly state: NodeState;
  readonly energy: Readonly<EnergyModel>;
  /** USDT transfers made by now (scheduled and manual), oldest first. */
  readonly transfers: ReadonlyArray<Readonly<TransferRecord>>;
  /** The newest block's number now (block n is n × 3 s after the node started). */
  headBlock(): number;
  /** The account as the node would report it now, after the transfers due; undefined when it does not exist. */
  account(address: string): NodeAccountView | undefined;
  addWallet(seed: NodeWalletSeed): void;
  /** A USDT transfer now, as if the wallet had broadcast one. */
  transfer(from: string, to: string, amountMicros: bigint): TransferRecord;
  /**
   * A reorganisation now: the newest `depth` blocks get other ids, and the
   * transfers `omit` picks are left out of the new branch (the accounts are
   * not rolled back). Returns the first replaced block's number.
   */
  reorg(depth: number, omit?: (t: TransferRecord) => boolean): number;
}

const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export async function startNodeSimulator(options: NodeSimulatorOptions = {}): Promise<NodeSimulator> {
  const now = options.now ?? (() => Date.now());
  const logLimit = options.logLimit ?? 100_000;
  const state = new NodeState({ ...MAINNET_FEES, ...options.params }, now, logLimit);
  for (const seed of options.wallets ?? DEMO_WALLETS) state.addWallet(seed);
  const model: EnergyModel = { ...MAINNET_ENERGY, ...options.energy };
  const usdtContract = options.usdtContract ?? USDT_CONTRACT;
  const transfers: TransferRecord[] = [];
  let prunedBefore = -Infinity;
  const spendingOptions = options.spending === undefined ? DEMO_SPENDING : options.spending;
  const spending = spendingOptions === null ? undefined : new SpendingSchedule(spendingOptions, now(), model, transfers);
  const busyDay = options.busyDay ? new BusyDaySchedule(options.busyDay, now(), model, transfers) : undefined;
  const faults = new FaultTable<NodeFault>();
  // The request log is a ring (constant cost per request once full); the counts keep every request.
  const log = new RingLog<NodeRequestRecord>(logLimit);
  const counts = new Map<string, number>();
  const blocks = new ChainBlocks(now(), {
    transfers: () => transfers,
    delegations: () => state.delegations.records(),
    usdtContract,
    prunedBefore: () => Math.max(prunedBefore, state.delegations.droppedUntil + 1),
  });

  const settle = (): number => {
    const t = now();
    state.openDue(t);
    spending?.runUntil(state, t);
    busyDay?.runUntil(state, t);
    state.endDue(t);
    if (transfers.length > logLimit) {
      const dropped = transfers.splice(0, transfers.length - logLimit);
      prunedBefore = dropped.at(-1)!.at + 1;
    }
    return t;
  };
  const context = (): NodeContext => ({ state, now: settle(), model, usdtContract, blocks, transfers });

  const deps = { now, apiKey: options.apiKey, faults, log, counts, context };
  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    void readBody(req).then(
      (text) => handleNodeRequest(deps, req, res, text),
      () => req.socket.destroy(),
    );
  });
  const listening = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  const unsubscribe = options.delegations?.subscribe(state);

  return {
    baseUrl: listening.origin,
    close: () => {
      unsubscribe?.();
      return listening.close();
    },
    faults,
    get requests() {
      return log.toArray();
    },
    requestCount: (path) => (path === undefined ? [...counts.values()].reduce((a, b) => a + b, 0) : (counts.get(path) ?? 0)),
    state,
    energy: model,
    get transfers() {
      settle();
      return transfers;
    },
    headBlock: () => blocks.headNumber(settle()),
    account: (address) => {
      const t = settle();
      const wallet = state.wallets.get(address);
      if (!wallet) return undefined;
      return {
        activated: true,
        trxSun: wallet.trxSun,
        usdtMicros: state.usdtOf(address),
        energyLimit: state.energyLimitAt(wallet, t),
        energyUsed: state.usageAt(wallet.energy, t).used,
        netLimit: state.netLimitAt(wallet, t),
        netUsed: state.usageAt(wallet.net, t).used,
        freeNetUsed: state.usageAt(wallet.freeNet, t).used,
      };
    },
    addWallet: (seed) => void state.addWallet(seed),
    transfer: (from, to, amountMicros) => {
      const record = sendUsdt(state, from, to, amountMicros, settle(), model);
      transfers.push(record);
      return record;
    },
    reorg: (depth, omit) => blocks.reorg(depth, settle(), omit),
  };
}
