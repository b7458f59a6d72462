import { createHash } from 'node:crypto';
import type { AccountSnapshot } from '../../src/core/chain/account-snapshot.ts';
import type { ChainBlock } from '../../src/core/chain/blocks.ts';
import type { BlockReader, ChainReader, ResourceReading, TrxReading } from '../../src/core/chain/chain-client.ts';
import { recovered } from '../../src/core/chain/resource-usage.ts';
import { ChainError } from '../../src/core/chain/errors.ts';
import { bandwidthReading, energyReading } from '../../src/core/chain/resources.ts';

export interface ChainCall {
  method: 'readResources' | 'readTrx' | 'readAccount' | 'readSnapshot' | 'usdtBalance' | 'estimateTransfer' | 'chainFees' | 'nowBlock' | 'blockByNum' | 'blockRange';
  address: string | null;
  at: number;
}

const BLOCK_MS = 3_000;

/**
 * A scripted TRON node for callers of ChainReader (the wallet watcher and
 * service): energy per address, a log of calls with the time they were made,
 * the most requests one address had in flight at once, and failures to throw.
 * Its chain has a block every 3 s from time 0, touching the addresses
 * `touch` names; `reorg` replaces the newest blocks with another branch.
 * Energy used does not recover here (set `energyUsed` to move it).
 */
export class FakeChainReader implements ChainReader, BlockReader {
  readonly calls: ChainCall[] = [];
  readonly energyLimit = new Map<string, bigint>();
  readonly energyUsed = new Map<string, bigint>();
  readonly trx = new Map<string, bigint>();
  /** Addresses the node answers {} for. */
  readonly unactivated = new Set<string>();
  energyFeeSun = 100n;
  /** The next calls about an address or the fees throw these, in turn. */
  readonly failures: ChainError[] = [];
  /** The next block calls (the follower's) throw these, in turn. */
  readonly blockFailures: ChainError[] = [];
  /** When each address's energy was last used (setUsed): a snapshot recovers it from then, as the node does. */
  private readonly usedAt = new Map<string, number>();
  maxInFlightPerAddress = 0;
  /** Whether getblockbylimitnext is served. */
  servesRanges = true;
  /** Addresses touched by block number. */
  private readonly touches = new Map<number, string[]>();
  /** Branch generation of blocks from a number on. */
  private readonly forks: Array<{ from: number; generation: number }> = [];
  private readonly inFlight = new Map<string, number>();
  private readonly now: () => number;

  constructor(now: () => number) {
    this.now = now;
  }

  count(method?: ChainCall['method'], address?: string): number {
    return this.calls.filter((c) => (method === undefined || c.method === method) && (address === undefined || c.address === address)).length;
  }

  async readResources(address: string): Promise<ResourceReading> {
    return this.call('readResources', address, () => {
      const activated = !this.unactivated.has(address);
      const limit = activated ? (this.energyLimit.get(address) ?? 0n) : 0n;
      const counters = { energyLimit: limit, energyUsed: this.energyUsed.get(address) ?? 0n, netLimit: 0n, netUsed: 0n, freeNetLimit: activated ? 600n : 0n, freeNetUsed: 0n };
      return { address, activated, energy: energyReading(counters), bandwidth: bandwidthReading(counters) };
    });
  }

  /** The address used energy now, up to `used` in all (it recovers in snapshots; readResources shows it as set). */
  setUsed(address: string, used: bigint): void {
    this.energyUsed.set(address, used);
    this.usedAt.set(address, this.now());
  }

  async readSnapshot(address: string): Promise<AccountSnapshot> {
    return this.call('readSnapshot', address, () => {
      const activated = !this.unactivated.has(address);
      const at = this.now();
      const since = this.usedAt.get(address);
      const counter = (used: bigint) => {
        if (since === undefined || used === 0n) return { used, consumedAtMs: at - (at % BLOCK_MS), window: 28_800_000n, readSlots: 0 };
        const consumedAtMs = since - (since % BLOCK_MS);
        const usage = recovered({ used, slot: 0, window: 28_800_000n }, Math.floor((at - consumedAtMs) / BLOCK_MS));
        return { used: usage.used, consumedAtMs, window: usage.window, readSlots: Math.floor((at - consumedAtMs) / BLOCK_MS) };
      };
      return {
        address,
        activated,
        trxSun: this.trx.get(address) ?? 0n,
        energyLimit: activated ? (this.energyLimit.get(address) ?? 0n) : 0n,
        netLimit: 0n,
        freeNetLimit: activated ? 600n : 0n,
        energy: counter(this.energyUsed.get(address) ?? 0n),
        net: counter(0n),
        freeNet: counter(0n),
      };
    });
  }

  /** The next block the chain makes (at its time) carries a transaction of each address. */
  touch(...addresses: string[]): void {
    const next = this.headNumber() + 1;
    this.touches.set(next, [...(this.touches.get(next) ?? []), ...addresses]);
  }

  /** The newest `depth` blocks are replaced by another branch (same touches). */
  reorg(depth: number): void {
    this.forks.push({ from: this.headNumber() - depth + 1, generation: this.forks.length + 1 });
  }

  headNumber(): number {
    return Math.floor(this.now() / BLOCK_MS);
  }

  blockAt(num: number): ChainBlock | null {
    if (num < 0 || num > this.headNumber()) return null;
    return { number: num, id: this.idOf(num), parentId: num === 0 ? '0'.repeat(64) : this.idOf(num - 1), timestamp: num * BLOCK_MS, touched: this.touches.get(num) ?? [] };
  }

  async nowBlock(): Promise<ChainBlock | null> {
    return this.call('nowBlock', null, () => this.blockAt(this.headNumber()));
  }

  async blockByNum(num: number): Promise<ChainBlock | null> {
    return this.call('blockByNum', null, () => this.blockAt(num));
  }

  async blockRange(start: number, end: number): Promise<ChainBlock[]> {
    return this.call('blockRange', null, () => {
      if (!this.servesRanges) throw new ChainError('not-found', { endpoint: 'getblockbylimitnext', httpStatus: 404 });
      const blocks: ChainBlock[] = [];
      for (let num = start; num < Math.min(end, start + 100); num++) {
        const block = this.blockAt(num);
        if (block) blocks.push(block);
      }
      return blocks;
    });
  }

  private idOf(num: number): string {
    const generation = this.forks.filter((f) => f.from <= num).at(-1)?.generation ?? 0;
    return num.toString(16).padStart(16, '0') + createHash('sha256').update(`fake:${num}:${generation}`).digest('hex').slice(16);
  }

  async readTrx(address: string): Promise<TrxReading> {
    return this.call('readTrx', address, () => ({ address, activated: !this.unactivated.has(address), trxSun: this.trx.get(address) ?? 0n }));
  }

  async readAccount(address: string) {
    const [resources, trx] = await Promise.all([this.readResources(address), this.readTrx(address)]);
    return { ...resources, trxSun: trx.trxSun };
  }

  async usdtBalance(address: string): Promise<bigint> {
    return this.call('usdtBalance', address, () => 0n);
  }

  async estimateTransfer(from: string, to: string, amountMicros = 1n) {
    return this.call('estimateTransfer', from, () => ({
      from, to, amountMicros, energy: 130_285n, energyPenalty: 0n, recipientHoldsUsdt: false, bandwidth: 345n,
    }));
  }

  async chainFees() {
    return this.call('chainFees', null, () => ({ energyFeeSun: this.energyFeeSun, bandwidthFeeSun: 1_000n }));
  }

  private async call<T>(method: ChainCall['method'], address: string | null, answer: () => T): Promise<T> {
    this.calls.push({ method, address, at: this.now() });
    const key = address ?? '';
    const inFlight = (this.inFlight.get(key) ?? 0) + 1;
    this.inFlight.set(key, inFlight);
    if (address !== null) this.maxInFlightPerAddress = Math.max(this.maxInFlightPerAddress, inFlight);
    try {
      await Promise.resolve();
      const failure = method === 'nowBlock' || method === 'blockByNum' || method === 'blockRange' ? this.blockFailures.shift() : this.failures.shift();
      if (failure) throw failure;
      return answer();
    } finally {
      this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
    }
  }
}

export const rateLimited = (retryAfterMs?: number): ChainError =>
  new ChainError('rate-limited', { endpoint: 'getaccountresource', httpStatus: 429, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
