import { keccak_256 } from '@noble/hashes/sha3.js';
import { tronAddressFromAccountId } from '../tron-address.ts';
import type { NodeState } from './chain-state.ts';
import { energyCost, transferCost } from './usdt-transfer.ts';
import type { EnergyCost, EnergyModel } from './usdt-transfer.ts';

/**
 * The simulated USDT (TRC-20) contract: what a call to it returns and costs.
 * The simulator runs the few functions a wallet needs itself instead of a
 * VM: balanceOf, transfer (as a dry run: nothing changes), name, symbol,
 * decimals, totalSupply. Anything else reverts, as the real contract's
 * fallback does. Calls are dispatched on the 4-byte selector (keccak-256 of
 * the signature, java-tron's Util.parseMethod), so a caller that sends `data`
 * instead of `function_selector` gets the same answer.
 */

const WORD_HEX = 64;

export const selectorOf = (signature: string): Buffer => Buffer.from(keccak_256(new TextEncoder().encode(signature)).subarray(0, 4));

const SELECTOR = {
  balanceOf: selectorOf('balanceOf(address)').toString('hex'),
  transfer: selectorOf('transfer(address,uint256)').toString('hex'),
  name: selectorOf('name()').toString('hex'),
  symbol: selectorOf('symbol()').toString('hex'),
  decimals: selectorOf('decimals()').toString('hex'),
  totalSupply: selectorOf('totalSupply()').toString('hex'),
};

export const TRANSFER_SELECTOR_HEX = SELECTOR.transfer;

export interface CallOutcome {
  /** constant_result[0]: the return data, or the Error(string) encoding of a revert. */
  returnHex: string;
  cost: EnergyCost;
  reverted: boolean;
}

export const word = (value: bigint): string => value.toString(16).padStart(WORD_HEX, '0');

function abiString(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return word(32n) + word(BigInt(bytes.length)) + bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * WORD_HEX, '0');
}

/** Error(string), the encoding of a revert with a reason. */
export const revertData = (reason: string): string => `08c379a0${abiString(reason)}`;

/** The address in an ABI word: its last 20 bytes. */
const wordAddress = (hex: string): string => tronAddressFromAccountId(Buffer.from(hex.slice(WORD_HEX - 40, WORD_HEX), 'hex'));

export interface CallContext {
  state: NodeState;
  model: EnergyModel;
  /** The caller's address, or undefined when the owner bytes are no account's. */
  owner: string | undefined;
}

function revert(ctx: CallContext, reason: string): CallOutcome {
  return { returnHex: revertData(reason), cost: energyCost(ctx.model.revertBase, ctx.model), reverted: true };
}

const ok = (returnHex: string, cost: EnergyCost): CallOutcome => ({ returnHex, cost, reverted: false });

/** Runs `data` (selector + arguments) against the contract's state without changing it. */
export function callUsdt(ctx: CallContext, data: Buffer): CallOutcome {
  const selector = data.subarray(0, 4).toString('hex');
  const args = data.subarray(4).toString('hex');
  const view = (hex: string): CallOutcome =>
    args.length === 0 ? ok(hex, energyCost(ctx.model.balanceOfBase, ctx.model)) : revert(ctx, 'bad arguments');
  switch (selector) {
    case SELECTOR.balanceOf:
      if (args.length !== WORD_HEX) return revert(ctx, 'bad arguments');
      return ok(word(ctx.state.usdtOf(wordAddress(args))), energyCost(ctx.model.balanceOfBase, ctx.model));
    case SELECTOR.transfer: {
      if (args.length !== 2 * WORD_HEX) return revert(ctx, 'bad arguments');
      const to = wordAddress(args);
      const amount = BigInt(`0x${args.slice(WORD_HEX)}`);
      const held = ctx.owner === undefined ? 0n : ctx.state.usdtOf(ctx.owner);
      if (held < amount) return revert(ctx, 'transfer amount exceeds balance');
      return ok(word(1n), transferCost(ctx.state, to, ctx.model));
    }
    case SELECTOR.name:
      return view(abiString('Tether USD'));
    case SELECTOR.symbol:
      return view(abiString('USDT'));
    case SELECTOR.decimals:
      return view(word(6n));
    case SELECTOR.totalSupply:
      return view(word([...ctx.state.usdt.values()].reduce((a, b) => a + b, 0n)));
    default:
      return revert(ctx, 'unknown function');
  }
}
