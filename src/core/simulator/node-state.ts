import type { Delegation, DelegationListener } from './delegation-link.ts';
import type { ResourceKind } from './state.ts';

/**
 * The simulated chain: accounts, USDT balances and delegated resources, in
 * integer units (SUN, USDT micros, energy, bytes). Time is the shared clock
 * in ms; nothing here runs by itself.
 *
 * The resource model is TRON's, kept simple:
 * - EnergyLimit = staked energy + energy delegated to the address now;
 *   NetLimit likewise for bandwidth; 600 free bandwidth bytes a day.
 * - Usage recovers linearly to 0 over 24 h after each use (TRON's 24-hour
 *   recovery window; java-tron reports usage already recovered to "now").
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

export const RECOVERY_WINDOW_MS = 24 * 60 * 60_000;
export const FREE_NET_LIMIT = 600n;

/** A usage counter: `used` as of `at`, recovering linearly afterwards. */
export interface Usage {
  used: bigint;
  at: number;
}

export function usageAt(usage: Usage, t: number): bigint {
  const elapsed = t - usage.at;
  if (elapsed <= 0) return usage.used;
  if (elapsed >= RECOVERY_WINDOW_MS) return 0n;
  return (usage.used * BigInt(RECOVERY_WINDOW_MS - elapsed)) / BigInt(RECOVERY_WINDOW_MS);
}

export function addUsage(usage: Usage, amount: bigint, t: number): void {
  usage.used = usageAt(usage, t) + amount;
  usage.at = Math.max(usage.at, t);
}

export interface NodeWallet {
  readonly address: string;
  trxSun: bigint;
  readonly createdAt: number;
  stakedEnergy: bigint;
  stakedNet: bigint;
  readonly energy: Usage;
  readonly net: Usage;
  readonly freeNet: Usage;
}

export interface NodeWalletSeed {
  address: string;
  trxSun?: bigint;
  usdtMicros?: bigint;
  stakedEnergy?: bigint;
  stakedNet?: bigint;
}

export interface ChainParams {
  /** getEnergyFee, SUN per energy unit. */
  energyFeeSun: bigint;
  /** getTransactionFee, SUN per bandwidth byte. */
  transactionFeeSun: bigint;
}

interface ActiveDelegation {
  readonly address: string;
  readonly resource: ResourceKind;
  readonly amount: bigint;
  readonly startsAt: number;
  endsAt: number;
}

export class NodeState implements DelegationListener {
  readonly wallets = new Map<string, NodeWallet>();
  /** USDT balances by address, like the contract's storage: holding USDT does not need an account. */
  readonly usdt = new Map<string, bigint>();
  readonly params: ChainParams;
  readonly #delegations = new Map<string, ActiveDelegation>();
  /** Accounts a delegation will open, and when. */
  readonly #opening = new Map<string, number>();
  readonly #now: () => number;

  constructor(params: ChainParams, now: () => number) {
    this.params = params;
    this.#now = now;
  }

  addWallet(seed: NodeWalletSeed, t = this.#now()): NodeWallet {
    const wallet: NodeWallet = {
      address: seed.address,
      trxSun: seed.trxSun ?? 0n,
      createdAt: t,
      stakedEnergy: seed.stakedEnergy ?? 0n,
      stakedNet: seed.stakedNet ?? 0n,
      energy: { used: 0n, at: t },
      net: { used: 0n, at: t },
      freeNet: { used: 0n, at: t },
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
    for (const d of this.#delegations.values()) {
      if (d.address === address && d.resource === resource && d.startsAt <= t && t < d.endsAt) sum += d.amount;
    }
    return sum;
  }

  energyLimitAt(wallet: NodeWallet, t: number): bigint {
    return wallet.stakedEnergy + this.delegatedAt(wallet.address, 'energy', t);
  }

  netLimitAt(wallet: NodeWallet, t: number): bigint {
    return wallet.stakedNet + this.delegatedAt(wallet.address, 'net', t);
  }

  /**
   * Ends the delegations over by `t`, oldest end first: each takes its share
   * of the receiver's usage with it (the share it had of the limit just
   * before it ended). Scaling `used` keeps the recovery schedule.
   */
  endDue(t: number): void {
    const ended = [...this.#delegations.entries()].filter(([, d]) => d.endsAt <= t).sort((a, b) => a[1].endsAt - b[1].endsAt);
    for (const [ref, d] of ended) {
      const wallet = this.wallets.get(d.address);
      if (wallet && d.startsAt < d.endsAt) {
        const staked = d.resource === 'energy' ? wallet.stakedEnergy : wallet.stakedNet;
        const limitBefore = staked + this.delegatedAt(d.address, d.resource, d.endsAt - 1);
        const usage = d.resource === 'energy' ? wallet.energy : wallet.net;
        if (limitBefore > 0n) usage.used = (usage.used * (limitBefore - d.amount)) / limitBefore;
      }
      this.#delegations.delete(ref);
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
   * resource arrives.
   */
  delegated(delegation: Delegation): void {
    if (!this.wallets.has(delegation.address)) {
      const at = this.#opening.get(delegation.address);
      this.#opening.set(delegation.address, at === undefined ? delegation.startsAt : Math.min(at, delegation.startsAt));
    }
    this.#delegations.set(delegation.ref, {
      address: delegation.address,
      resource: delegation.resource,
      amount: BigInt(delegation.amount),
      startsAt: delegation.startsAt,
      endsAt: delegation.endsAt,
    });
  }

  reclaimed(ref: string, at: number): void {
    const d = this.#delegations.get(ref);
    if (d && at < d.endsAt) d.endsAt = at;
  }
}
