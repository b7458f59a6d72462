import { createHash } from 'node:crypto';
import { tronAddressFromSeed } from '../tron-address.ts';
import { bytesOfAddress, printAddress } from './address-codec.ts';
import { sunForResource } from './chain-parameters.ts';
import { lockBlocks } from './delegations.ts';
import type { DelegationRecord } from './delegations.ts';
import { BLOCK_INTERVAL_MS, slotOf } from '../../chain/resource-usage.ts';
import { printTransaction } from './transactions.ts';
import type { ContractCall, PrintedTransaction, RefBlock } from './transactions.ts';
import { TRANSFER_SELECTOR_HEX, word } from './usdt-contract.ts';
import type { TransferRecord } from './usdt-transfer.ts';

/**
 * Blocks every 3 seconds on the simulator's clock, made when asked for: block
 * n is the slot n after the genesis block (the node's start), its timestamp
 * the slot's start (slot × 3000 ms, as on mainnet, whose genesis is at 0). It
 * carries what happened in the slot before it: the USDT transfers sent then
 * (TriggerSmartContract, transfer(address,uint256)), and the resources the
 * service's pool accounts delegated or took back (DelegateResourceContract,
 * UnDelegateResourceContract). A block exists once the clock reaches its
 * timestamp and never changes afterwards: whatever happens later lands in a
 * later block. So a transfer at time t is in the block at most 3 s later.
 *
 * Simulated, not real: the block id is its number followed by a hash of the
 * chain and number (not of the header), txTrieRoot hashes the txIDs, and
 * signatures are placeholders no key made. Addresses, contracts, data, txIDs
 * and raw_data_hex are faithful.
 */

const sha256 = (text: string | Uint8Array): Buffer => createHash('sha256').update(text).digest();

/** TronWeb's default fee limit for a contract call; what a wallet's USDT transfer usually carries. */
const FEE_LIMIT_SUN = 150_000_000n;
const EXPIRATION_MS = 60_000;
const BLOCK_VERSION = 32;
/** The 27 super representatives that take turns producing blocks. */
const WITNESSES: readonly string[] = Array.from({ length: 27 }, (_, i) => tronAddressFromSeed(`energy-tray-sim-witness-${i}`));
const ZERO_HASH = '0'.repeat(64);

export interface ChainSources {
  /** USDT transfers made so far, oldest first (the simulator's log, bounded). */
  transfers(): readonly TransferRecord[];
  delegations(): readonly DelegationRecord[];
  usdtContract: string;
  /** Blocks before this time are no longer complete (the bounded logs dropped their transactions): answered `{}`, as a pruned node does. */
  prunedBefore(): number;
}

/** A reorganisation: from block `from` on, another branch (its blocks have other ids, and leave out `omitted` transfers). */
interface Fork {
  readonly from: number;
  readonly generation: number;
  readonly omitted: ReadonlySet<TransferRecord>;
}

export class ChainBlocks {
  /** The genesis block's slot. */
  readonly #slot0: number;
  readonly #sources: ChainSources;
  readonly #forks: Fork[] = [];

  constructor(startMs: number, sources: ChainSources) {
    this.#slot0 = slotOf(startMs);
    this.#sources = sources;
  }

  /**
   * A reorganisation at `now`: the newest `depth` blocks are replaced by
   * another branch (new ids from the first replaced one on, its parent kept),
   * carrying the same transactions but `omit`ted transfers, as when a fork
   * that missed them wins. The chain's state is not rolled back: a test that
   * needs the account to look as if a transfer never happened sets it so.
   */
  reorg(depth: number, now: number, omit: (t: TransferRecord) => boolean = () => false): number {
    const from = Math.max(1, this.headNumber(now) - depth + 1);
    const omitted = new Set(this.#sources.transfers().filter(omit));
    for (const fork of this.#forks) for (const t of fork.omitted) omitted.add(t);
    this.#forks.push({ from, generation: this.#forks.length + 1, omitted });
    return from;
  }

  /** The branch block `num` is on: the newest fork at or below it. */
  #forkOf(num: number): Fork | undefined {
    for (let i = this.#forks.length - 1; i >= 0; i--) if (this.#forks[i]!.from <= num) return this.#forks[i];
    return undefined;
  }

  /** The newest block at `now`. */
  headNumber(now: number): number {
    return Math.max(0, slotOf(now) - this.#slot0);
  }

  timestampOf(num: number): number {
    return (this.#slot0 + num) * BLOCK_INTERVAL_MS;
  }

  /** 8 bytes of the number, then 24 bytes of hash (java-tron's BlockId layout). */
  idOf(num: number): string {
    const generation = this.#forkOf(num)?.generation ?? 0;
    const base = `energy-tray-sim-block:${this.#slot0}:${num}`;
    const seed = generation === 0 ? base : `${base}:fork${generation}`;
    return num.toString(16).padStart(16, '0') + sha256(seed).toString('hex').slice(16);
  }

  /** The reference a transaction made while `num` was the head carries. */
  refOf(num: number): RefBlock {
    const id = this.idOf(num);
    return { bytes: id.slice(12, 16), hash: id.slice(16, 32) };
  }

  /** The head block's reference and when a transaction built now expires (java-tron: head timestamp + 60 s). */
  headRef(now: number): { ref: RefBlock; expiration: number } {
    const head = this.headNumber(now);
    return { ref: this.refOf(head), expiration: this.timestampOf(head) + EXPIRATION_MS };
  }

  /** Block `num` as JSON, or undefined when it does not exist (yet, or any more). */
  block(num: number, now: number, visible: boolean): object | undefined {
    if (!Number.isSafeInteger(num) || num < 0 || num > this.headNumber(now)) return undefined;
    const timestamp = this.timestampOf(num);
    if (num > 0 && timestamp - BLOCK_INTERVAL_MS < this.#sources.prunedBefore()) return undefined;
    const omitted = this.#forkOf(num)?.omitted;
    const transactions = num === 0 ? [] : this.#transactionsIn(timestamp - BLOCK_INTERVAL_MS, timestamp, visible, omitted);
    const raw: Record<string, unknown> = {};
    if (num !== 0) raw['number'] = num;
    const ids = transactions.map((t) => Buffer.from(t.txID, 'hex'));
    const root = ids.length === 0 ? ZERO_HASH : sha256(Buffer.concat(ids)).toString('hex');
    Object.assign(raw, {
      txTrieRoot: root,
      witness_address: printAddress(WITNESSES[num % WITNESSES.length]!, visible),
      parentHash: num === 0 ? ZERO_HASH : this.idOf(num - 1),
      version: BLOCK_VERSION,
      timestamp,
    });
    const header = { raw_data: raw, witness_signature: placeholderSignature(this.idOf(num)) };
    const block: Record<string, unknown> = { blockID: this.idOf(num), block_header: header };
    if (transactions.length > 0) block['transactions'] = transactions.map((t) => t.json);
    return block;
  }

  #transactionsIn(from: number, to: number, visible: boolean, omitted: ReadonlySet<TransferRecord> | undefined): PrintedTransaction[] {
    const inSlot = (t: number): boolean => t >= from && t < to;
    const txs: { at: number; tx: PrintedTransaction }[] = [];
    for (const t of transfersBetween(this.#sources.transfers(), from, to)) {
      if (t.outcome !== 'sent' || omitted?.has(t)) continue;
      txs.push({ at: t.at, tx: this.#signed(transferCall(t, this.#sources.usdtContract), t.at, FEE_LIMIT_SUN, visible) });
    }
    for (const d of this.#sources.delegations()) {
      if (inSlot(d.startsAt)) txs.push({ at: d.startsAt, tx: this.#signed(delegateCall(d), d.startsAt, 0n, visible) });
      if (d.endsAt > d.startsAt && inSlot(d.endsAt)) txs.push({ at: d.endsAt, tx: this.#signed(undelegateCall(d), d.endsAt, 0n, visible) });
    }
    return txs.sort((a, b) => a.at - b.at).map((x) => x.tx);
  }

  #signed(call: ContractCall, time: number, feeLimit: bigint, visible: boolean): PrintedTransaction {
    // A transaction's timestamp is whole ms (a test clock may have stepped to a fraction).
    const at = Math.floor(time);
    const head = this.headNumber(at);
    const input = { call, ref: this.refOf(head), expiration: at + EXPIRATION_MS, timestamp: at, feeLimit };
    return printTransaction(input, visible, { ret: [{ contractRet: 'SUCCESS' }], signature: (txID) => [placeholderSignature(txID)] });
  }
}

/** 65 bytes in a signature's shape, derived from what it signs; no key made it. */
function placeholderSignature(of: string): string {
  return sha256(`r:${of}`).toString('hex') + sha256(`s:${of}`).toString('hex') + '1b';
}

/** The transfers with from ≤ at < to, found by binary search in the time-ordered log. */
function transfersBetween(log: readonly TransferRecord[], from: number, to: number): TransferRecord[] {
  let lo = 0;
  let hi = log.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log[mid]!.at < from) lo = mid + 1;
    else hi = mid;
  }
  const out: TransferRecord[] = [];
  for (let i = lo; i < log.length && log[i]!.at < to; i++) out.push(log[i]!);
  return out;
}

function transferCall(t: TransferRecord, usdtContract: string): ContractCall {
  const to = bytesOfAddress(t.to).subarray(1).toString('hex').padStart(64, '0');
  const data = Buffer.from(TRANSFER_SELECTOR_HEX + to + word(t.amountMicros), 'hex');
  return { type: 'TriggerSmartContract', owner: bytesOfAddress(t.from), contract: bytesOfAddress(usdtContract), data, callValue: 0n };
}

/** Locked for the rental's planned period. */
function delegateCall(d: DelegationRecord): ContractCall {
  const lockPeriod = BigInt(lockBlocks(d));
  const balance = sunForResource(d.resource, d.amount);
  return { type: 'DelegateResourceContract', owner: d.from, receiver: d.to, resource: d.resource, balance, lockPeriod };
}

function undelegateCall(d: DelegationRecord): ContractCall {
  const balance = sunForResource(d.resource, d.amount);
  return { type: 'UnDelegateResourceContract', owner: d.from, receiver: d.to, resource: d.resource, balance };
}
