import { NodeState, type ChainParams, type NodeWalletSeed } from '../../../src/core/simulator/node/chain-state.ts';
import { MAINNET_ENERGY, sendUsdt } from '../../../src/core/simulator/node/usdt-transfer.ts';
import { quoteTimed } from '../../../src/core/simulator/pricing.ts';
import { DAY, type TrafficPlan, type Transfer } from '../traffic-model.ts';
import type { SettledTransfer } from './soak-metrics.ts';

/**
 * The comparisons: the same week's transfers replayed on the node
 * simulator's chain (its own NodeState and transfer rules, the same chain
 * parameters) with no energy rented, and with a fixed 1-day rental bought
 * every midnight at the service simulator's list price of that moment.
 */

export interface BaselineResult {
  transfers: SettledTransfer[];
  spentSun: bigint;
}

/** The recipient of a transfer to a holder already holds USDT on the chain (the model's fresh holders are given a little). */
export function seedRecipient(state: NodeState, transfer: Transfer): void {
  if (transfer.recipientHoldsUsdt && state.usdtOf(transfer.to) === 0n) state.usdt.set(transfer.to, 1n);
}

export function settle(state: NodeState, transfer: Transfer): SettledTransfer {
  seedRecipient(state, transfer);
  const record = sendUsdt(state, transfer.from, transfer.to, transfer.amountMicros, transfer.at, MAINNET_ENERGY);
  if (record.outcome !== 'sent') throw new Error(`a soak transfer could not be sent (${record.outcome}): the wallets need more TRX or USDT`);
  return { at: transfer.at, wallet: transfer.wallet, energy: record.energy, energyFromAccount: record.energyFromAccount };
}

/** Replays the plan's transfers on a fresh chain; `atMidnight` runs before the first transfer of each day. */
function replay(plan: TrafficPlan, params: ChainParams, wallets: readonly NodeWalletSeed[], atMidnight: (state: NodeState, dayStart: number) => void): SettledTransfer[] {
  const state = new NodeState(params, () => plan.start);
  for (const seed of wallets) state.addWallet(seed, plan.start);
  const settled: SettledTransfer[] = [];
  let nextDay = plan.start;
  for (const transfer of plan.transfers) {
    for (; nextDay <= transfer.at; nextDay += DAY) atMidnight(state, nextDay);
    settled.push(settle(state, transfer));
  }
  return settled;
}

/** Nothing rented: every unit of energy burned. */
export function noRental(plan: TrafficPlan, params: ChainParams, wallets: readonly NodeWalletSeed[]): BaselineResult {
  return { transfers: replay(plan, params, wallets, () => undefined), spentSun: 0n };
}

/**
 * A 1-day rental of `sizes[label]` energy for each wallet, bought at every
 * midnight at the list price: a standing daily order, spared the spikes the
 * rules pay (a spike at midnight would otherwise cost the whole day's rental
 * at up to ten times its price).
 */
export function dailyRental(plan: TrafficPlan, params: ChainParams, wallets: readonly NodeWalletSeed[], sizes: Readonly<Record<string, bigint>>): BaselineResult {
  let spentSun = 0n;
  const transfers = replay(plan, params, wallets, (state, dayStart) => {
    for (const [label, size] of Object.entries(sizes)) {
      const address = plan.senders[label];
      const quote = quoteTimed('energy', Number(size), '1day');
      if (!address || !quote) throw new Error(`no daily rental for ${label}`);
      spentSun += quote.amountSun;
      state.delegated({ ref: `daily:${label}:${dayStart}`, address, resource: 'energy', amount: Number(size), startsAt: dayStart, endsAt: dayStart + DAY });
    }
  });
  return { transfers, spentSun };
}
