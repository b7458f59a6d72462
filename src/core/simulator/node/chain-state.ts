import type { Delegation, DelegationListener } from '../delegation-link.ts';
import type { ResourceKind } from '../state.ts';
import type { ChainParams } from './chain-parameters.ts';
import { DelegationBook } from './delegations.ts';
import { freshUsage, recovered, slotOf } from '../../chain/resource-usage.ts';
import type { Usage } from '../../chain/resource-usage.ts';

export type { ChainParams } from './chain-parameters.ts';

/**
 * The simulated chain: accounts, USDT balances and delegated resources, in
 * integer units (SUN, USDT micros, energy, bytes). Time is the shared clock
 * in ms; nothing here runs by itself.
 *
 * The resource model is TRON's, kept simple:
 * - EnergyLimit = staked energy + energy delegated to the address now;
 *   NetLimit likewise for bandwidth; getFreeNetLimit free bytes a day.
 * - Usage recovers as java-tron computes it (resource-usage.ts): linearly
 *   over a 24-hour window counted in 3-second slots from latest_consume_time.
 * - When a delegation ends, the receiver's usage of that resource shrinks in
 *   proportion to the share of its limit that leaves with it (Stake 2.0's
 *   UnDelegateResource hands that usage back to the delegator): a renter
 *   whose rental ran out keeps none of the usage it ran up on it, and its
 *   available share of what remains stays the same.
 * - A transaction pays energy from the account's available energy and burns
 *   getEnergyFee SUN per missing unit; its bytes come from staked bandwidth,
 *   else the free allowance, else getTransactionFee SUN per byte for all of
 *   them (never split across pools).
 */

export interface NodeWallet {
  readonly address: string;
  trxSun: bigint;
  readonly createdAt: number;
  stakedEnergy: bigint;
  stakedNet: bigint;
  readonly energy: Usage;
  readonly net: Usage;
  readonly freeNet: Usage;
  /** latest_opration_time (java-tron's spelling): the last transaction it paid for, ms; 0 for none. */
  latestOperationTime: number;
}

export interface NodeWalletSeed {
  address: string;
  trxSun?: bigint;
  usdtMicros?: bigint;
  stakedEnergy?: bigint;
  stakedNet?: bigint;
}

/** Ended delegations are remembered this long for blocks and getdelegatedresourcev2 history by default. */
const DEFAULT_DELEGATIONS_KEPT = 100_000;

export class NodeState implements DelegationListener {
  readonly wallets = new Map<string, NodeWallet>();
  /** USDT balances by address, like the contract's storage: holding USDT does not need an account. */
  readonly usdt = new Map<string, bigint>();
  readonly params: ChainParams;
  readonly delegations: DelegationBook;
  /** Accounts a delegation will open, and when. */
  readonly #opening = new Map<string, number>();
  readonly #now: () => number;

  constructor(params: ChainParams, now: () => number, delegationsKept = DEFAULT_DELEGATIONS_KEPT) {
    this.params = params;
    this.#now = now;
    this.delegations = new DelegationBook(delegationsKept);
  }

  addWallet(seed: NodeWalletSeed, t = this.#now()): NodeWallet {
    const wallet: NodeWallet = {
      address: seed.address,
      trxSun: seed.trxSun ?? 0n,
      createdAt: t,
      stakedEnergy: seed.stakedEnergy ?? 0n,
      stakedNet: seed.stakedNet ?? 0n,
      energy: freshUsage(),
      net: freshUsage(),
      freeNet: freshUsage(true),
      latestOperationTime: 0,
    };
    this.wallets.set(seed.address, wallet);
    if (seed.usdtMicros !== undefined) this.usdt.set(seed.address, seed.usdtMicros);
    return wallet;
  }

  usdtOf(address: string): bigint {
    return this.usdt.get(address) ?? 0n;
  }

  /** Resources delegated to `address` at `t`. */
  delegatedAt(address: string, resource: ResourceKind, t: number): bigint {
    let sum = 0n;
    for (const d of this.delegations.ordersAt(t)) if (d.address === address && d.resource === resource) sum += d.amount;
    return sum;
  }

  energyLimitAt(wallet: NodeWallet, t: number): bigint {
    return wallet.stakedEnergy + this.delegatedAt(wallet.address, 'energy', t);
  }

  netLimitAt(wallet: NodeWallet, t: number): bigint {
    return wallet.stakedNet + this.delegatedAt(wallet.address, 'net', t);
  }

  /** A usage counter as a read at `t` reports it. */
  usageAt(usage: Usage, t: number): Usage {
    return recovered(usage, slotOf(t));
  }

  /**
   * Ends the delegations over by `t`, oldest end first: each takes its share
   * of the receiver's usage with it (the share it had of the limit just
   * before it ended). Scaling `used` keeps the recovery schedule.
   */
  endDue(t: number): void {
    for (const d of this.delegations.endedBy(t)) {
      const wallet = this.wallets.get(d.address);
      if (wallet && d.startsAt < d.endsAt) {
        const staked = d.resource === 'energy' ? wallet.stakedEnergy : wallet.stakedNet;
        const limitBefore = staked + this.delegatedAt(d.address, d.resource, d.endsAt - 1);
        const usage = d.resource === 'energy' ? wallet.energy : wallet.net;
        if (limitBefore > 0n) usage.used = (usage.used * (limitBefore - d.amount)) / limitBefore;
      }
      this.delegations.settle(d.ref);
    }
  }

  /** Opens the accounts whose first delegation has arrived by `t`. */
  openDue(t: number): void {
    for (const [address, at] of this.#opening) {
      if (at > t) continue;
      this.#opening.delete(address);
      if (!this.wallets.has(address)) this.addWallet({ address }, at);
    }
  }

  /**
   * A delegation from the service simulator. TRON delegates only to activated
   * accounts, while the service simulator treats any valid address as
   * activated; the chain follows the service and opens the account when the
   * resource arrives (and the provider's pool accounts, which delegate it).
   */
  delegated(delegation: Delegation): void {
    const addresses = [delegation.address, ...(delegation.parts ?? []).map((p) => p.from)];
    for (const address of addresses) {
      if (this.wallets.has(address)) continue;
      const at = this.#opening.get(address);
      this.#opening.set(address, at === undefined ? delegation.startsAt : Math.min(at, delegation.startsAt));
    }
    this.delegations.add(delegation);
  }

  reclaimed(ref: string, at: number): void {
    this.delegations.reclaim(ref, at);
  }
}
