import type { ChainReader, ResourceReading, TrxReading } from '../../src/core/chain/chain-client.ts';
import { ChainError } from '../../src/core/chain/errors.ts';
import { bandwidthReading, energyReading } from '../../src/core/chain/resources.ts';

export interface ChainCall {
  method: 'readResources' | 'readTrx' | 'readAccount' | 'usdtBalance' | 'estimateTransfer' | 'chainFees';
  address: string | null;
  at: number;
}

/**
 * A scripted TRON node for callers of ChainReader (the wallet watcher and
 * service): energy per address, a log of calls with the time they were made,
 * the most requests one address had in flight at once, and failures to throw.
 */
export class FakeChainReader implements ChainReader {
  readonly calls: ChainCall[] = [];
  readonly energyLimit = new Map<string, bigint>();
  readonly energyUsed = new Map<string, bigint>();
  readonly trx = new Map<string, bigint>();
  /** Addresses the node answers {} for. */
  readonly unactivated = new Set<string>();
  energyFeeSun = 100n;
  /** The next calls throw these, in turn. */
  readonly failures: ChainError[] = [];
  maxInFlightPerAddress = 0;
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
      const failure = this.failures.shift();
      if (failure) throw failure;
      return answer();
    } finally {
      this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
    }
  }
}

export const rateLimited = (retryAfterMs?: number): ChainError =>
  new ChainError('rate-limited', { endpoint: 'getaccountresource', httpStatus: 429, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
