import { tronAddressFromSeed } from '../tron-address.ts';
import { printAddress } from './address-codec.ts';
import { chainParameter } from './chain-parameters.ts';
import type { NodeContext } from './node-context.ts';

/**
 * The simulated USDT contract as /wallet/getcontract (protocol.SmartContract)
 * and /wallet/getcontractinfo (SmartContractDataWrapper) describe it: the
 * TRC-20 functions it runs (usdt-contract.ts) in the ABI's JSON form
 * (entry types and state mutability as java-tron's enum names), and its
 * contract_state with the energy factor the penalty comes from. The code is a
 * stub (the simulator runs the calls itself), and the caller pays all the
 * energy (consume_user_resource_percent 100).
 */

const DEPLOYER = tronAddressFromSeed('energy-tray-sim-usdt-deployer');
/** PUSH1 0x80 PUSH1 0x40 MSTORE INVALID: the shape of solc output, nothing that runs. */
const STUB_CODE = '6080604052fe';

const param = (type: string, name?: string, indexed?: boolean): object => ({
  ...(indexed ? { indexed } : {}),
  ...(name ? { name } : {}),
  type,
});

const view = (name: string, outputs: object[], inputs: object[] = []): object => ({
  constant: true,
  name,
  ...(inputs.length > 0 ? { inputs } : {}),
  outputs,
  type: 'Function',
  stateMutability: 'View',
});

export const USDT_ABI: readonly object[] = [
  view('name', [param('string')]),
  view('symbol', [param('string')]),
  view('decimals', [param('uint8')]),
  view('totalSupply', [param('uint256')]),
  view('balanceOf', [param('uint256')], [param('address', 'who')]),
  {
    name: 'transfer',
    inputs: [param('address', '_to'), param('uint256', '_value')],
    outputs: [param('bool')],
    type: 'Function',
    stateMutability: 'Nonpayable',
  },
  {
    name: 'Transfer',
    inputs: [param('address', 'from', true), param('address', 'to', true), param('uint256', 'value')],
    type: 'Event',
  },
];

export function smartContract(ctx: NodeContext, visible: boolean): object {
  return {
    origin_address: printAddress(DEPLOYER, visible),
    contract_address: printAddress(ctx.usdtContract, visible),
    abi: { entrys: USDT_ABI },
    bytecode: STUB_CODE,
    consume_user_resource_percent: 100,
    name: 'TetherToken',
    origin_energy_limit: 10_000_000,
  };
}

/**
 * contract_state: this maintenance cycle's base energy from the transfers the
 * simulator made (the rest of the network's traffic is not simulated), the
 * energy factor, and the cycle number (maintenance periods since time 0).
 */
export function contractState(ctx: NodeContext): object {
  const period = Number(chainParameter(ctx.state.params, 'getMaintenanceTimeInterval') ?? 21_600_000n);
  const cycle = Math.floor(ctx.now / period);
  let usage = 0n;
  for (let i = ctx.transfers.length - 1; i >= 0; i--) {
    const t = ctx.transfers[i]!;
    if (Math.floor(t.at / period) !== cycle) break;
    if (t.outcome === 'sent') usage += t.energy - t.energyPenalty;
  }
  const state: Record<string, unknown> = {};
  if (usage > 0n) state['energy_usage'] = usage;
  if (ctx.model.energyFactor > 0n) state['energy_factor'] = ctx.model.energyFactor;
  state['update_cycle'] = cycle;
  return state;
}

export function smartContractInfo(ctx: NodeContext, visible: boolean): object {
  return { smart_contract: smartContract(ctx, visible), runtimecode: STUB_CODE, contract_state: contractState(ctx) };
}
