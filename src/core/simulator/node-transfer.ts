import type { NodeState } from './node-state.ts';
import { addUsage, FREE_NET_LIMIT, usageAt } from './node-state.ts';

/** Energy of one USDT transfer in the simulated contract (energy_used: penalty included). */
export interface TransferEnergy {
  /** To an address that holds USDT. */
  holder: bigint;
  /** To an address that holds none (the transfer creates its balance slot). */
  newAddress: bigint;
  /** The part of either figure reported as energy_penalty. */
  penalty: bigint;
}

export const DEFAULT_TRANSFER_ENERGY: Readonly<TransferEnergy> = { holder: 64_285n, newAddress: 130_285n, penalty: 0n };

/** Bytes of a signed USDT transfer. */
export const TRANSFER_BYTES = 345n;

export type TransferOutcome = 'sent' | 'no-account' | 'insufficient-usdt' | 'insufficient-trx';

export interface TransferRecord {
  at: number;
  from: string;
  to: string;
  amountMicros: bigint;
  outcome: TransferOutcome;
  /** Energy the transfer needed. */
  energy: bigint;
  /** Of that, paid from the account's energy; the rest was burned. */
  energyFromAccount: bigint;
  /** TRX burned for energy and bandwidth. */
  burnedSun: bigint;
}

export function transferEnergyFor(state: NodeState, to: string, model: TransferEnergy): bigint {
  return state.usdtOf(to) > 0n ? model.holder : model.newAddress;
}

/**
 * A USDT transfer broadcast at `t`, settled by TRON's rules (node-state.ts).
 * A transfer the sender cannot pay for changes nothing: a real one would
 * fail, and the demo only needs to show that it did.
 */
export function sendUsdt(state: NodeState, from: string, to: string, amountMicros: bigint, t: number, model: TransferEnergy): TransferRecord {
  state.endDue(t);
  const energy = transferEnergyFor(state, to, model);
  const record: TransferRecord = { at: t, from, to, amountMicros, outcome: 'sent', energy, energyFromAccount: 0n, burnedSun: 0n };
  const wallet = state.wallets.get(from);
  if (!wallet) return { ...record, outcome: 'no-account' };
  if (state.usdtOf(from) < amountMicros) return { ...record, outcome: 'insufficient-usdt' };

  const energyLeft = state.energyLimitAt(wallet, t) - usageAt(wallet.energy, t);
  const fromAccount = energyLeft <= 0n ? 0n : energyLeft < energy ? energyLeft : energy;
  let burnedSun = (energy - fromAccount) * state.params.energyFeeSun;
  const stakedNetLeft = state.netLimitAt(wallet, t) - usageAt(wallet.net, t);
  const freeNetLeft = FREE_NET_LIMIT - usageAt(wallet.freeNet, t);
  const netPool = stakedNetLeft >= TRANSFER_BYTES ? wallet.net : freeNetLeft >= TRANSFER_BYTES ? wallet.freeNet : undefined;
  if (netPool === undefined) burnedSun += TRANSFER_BYTES * state.params.transactionFeeSun;
  if (wallet.trxSun < burnedSun) return { ...record, outcome: 'insufficient-trx' };

  addUsage(wallet.energy, fromAccount, t);
  if (netPool) addUsage(netPool, TRANSFER_BYTES, t);
  wallet.trxSun -= burnedSun;
  state.usdt.set(from, state.usdtOf(from) - amountMicros);
  state.usdt.set(to, state.usdtOf(to) + amountMicros);
  return { ...record, energyFromAccount: fromAccount, burnedSun };
}
