import type { NodeState, NodeWallet } from './node-state.ts';
import { FREE_NET_LIMIT, usageAt } from './node-state.ts';
import type { TransferEnergy } from './node-transfer.ts';
import { transferEnergyFor } from './node-transfer.ts';
import { isTronAddress, tronAddressFromAccountId } from './tron-address.ts';

/**
 * The four full-node endpoints as java-tron answers them (TRON HTTP API
 * reference, tronprotocol/documentation-en docs/api/http): protobuf messages
 * as JSON with zero-valued fields left out, `{}` for an account that does
 * not exist, HTTP 200 with {"Error": "<exception> : <message>"} for a request
 * the servlet cannot read, and errors of a contract call inside `result`.
 * Addresses are base58 (`visible: true`); a request without it is read as
 * hex, as the node would, and fails.
 */

export interface NodeContext {
  readonly state: NodeState;
  readonly now: number;
  readonly energy: TransferEnergy;
  readonly usdtContract: string;
}

export type NodeBody = Readonly<Record<string, unknown>>;

/** A request the servlet refuses: HTTP 200 with {"Error": message}. */
export class NodeRequestError extends Error {
  override readonly name = 'NodeRequestError';
}

/** Network-wide totals a real node reports beside an account's own figures (illustrative values). */
const NETWORK_TOTALS = {
  TotalNetLimit: 43_200_000_000n,
  TotalNetWeight: 84_687_233_463n,
  TotalEnergyLimit: 180_000_000_000n,
  TotalEnergyWeight: 19_451_328_063n,
};

const BALANCE_OF_ENERGY = 935n;
const REVERT_ENERGY = 1_247n;
const WORD = 64;

/** proto3 JSON: fields holding 0 are not written. */
function compact(fields: Record<string, bigint | number | string | object>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== 0n && v !== 0 && v !== ''));
}

function addressParam(body: NodeBody, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw new NodeRequestError(`class java.lang.IllegalArgumentException : ${name} is empty`);
  if (body['visible'] !== true) {
    throw new NodeRequestError('class org.tron.core.services.http.JsonFormat$ParseException : INVALID hex String');
  }
  if (!isTronAddress(value)) throw new NodeRequestError('class java.lang.IllegalArgumentException : Invalid address');
  return value;
}

function walletOf(ctx: NodeContext, body: NodeBody): NodeWallet | undefined {
  return ctx.state.wallets.get(addressParam(body, 'address'));
}

export function getAccountResource(ctx: NodeContext, body: NodeBody): object {
  const wallet = walletOf(ctx, body);
  if (!wallet) return {};
  const { state, now } = ctx;
  return compact({
    freeNetUsed: usageAt(wallet.freeNet, now),
    freeNetLimit: FREE_NET_LIMIT,
    NetUsed: usageAt(wallet.net, now),
    NetLimit: state.netLimitAt(wallet, now),
    EnergyUsed: usageAt(wallet.energy, now),
    EnergyLimit: state.energyLimitAt(wallet, now),
    ...NETWORK_TOTALS,
  });
}

export function getAccount(ctx: NodeContext, body: NodeBody): object {
  const wallet = walletOf(ctx, body);
  if (!wallet) return {};
  return compact({ address: wallet.address, balance: wallet.trxSun, create_time: wallet.createdAt });
}

export function getChainParameters(ctx: NodeContext): object {
  const { energyFeeSun, transactionFeeSun } = ctx.state.params;
  const entries: [string, bigint][] = [
    ['getMaintenanceTimeInterval', 21_600_000n],
    ['getCreateAccountFee', 100_000n],
    ['getTransactionFee', transactionFeeSun],
    ['getAllowUpdateAccountName', 0n],
    ['getEnergyFee', energyFeeSun],
    ['getTotalEnergyLimit', NETWORK_TOTALS.TotalEnergyLimit],
  ];
  return { chainParameter: entries.map(([key, value]) => (value === 0n ? { key } : { key, value })) };
}

const word = (value: bigint): string => value.toString(16).padStart(WORD, '0');

function errorStringData(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8');
  const padded = bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * WORD, '0');
  return `08c379a0${word(32n)}${word(BigInt(bytes.length))}${padded}`;
}

function wordAddress(hex: string): string {
  return tronAddressFromAccountId(Buffer.from(hex.slice(WORD - 40, WORD), 'hex'));
}

const contractError = (code: string, message: string): object => ({ result: { code, message } });

function success(energy: bigint, penalty: bigint, returnWord: string): object {
  return compact({
    result: { result: true },
    energy_used: energy,
    energy_penalty: penalty,
    constant_result: [returnWord],
    transaction: { ret: [{}], visible: true },
  });
}

function revert(reason: string): object {
  return {
    result: { result: true, message: 'REVERT opcode executed' },
    energy_used: REVERT_ENERGY,
    constant_result: [errorStringData(reason)],
    transaction: { ret: [{ ret: 'FAILED' }], visible: true },
  };
}

export function triggerConstantContract(ctx: NodeContext, body: NodeBody): object {
  const owner = addressParam(body, 'owner_address');
  const contract = addressParam(body, 'contract_address');
  if (contract !== ctx.usdtContract) return contractError('CONTRACT_VALIDATE_ERROR', 'Smart contract is not exist.');
  const parameter = typeof body['parameter'] === 'string' ? body['parameter'] : '';
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(parameter)) {
    return contractError('OTHER_ERROR', 'class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string');
  }
  const { state } = ctx;
  switch (body['function_selector']) {
    case 'balanceOf(address)':
      if (parameter.length !== WORD) return revert('bad arguments');
      return success(BALANCE_OF_ENERGY, 0n, word(state.usdtOf(wordAddress(parameter))));
    case 'transfer(address,uint256)': {
      if (parameter.length !== 2 * WORD) return revert('bad arguments');
      const to = wordAddress(parameter);
      const amount = BigInt(`0x${parameter.slice(WORD)}`);
      if (state.usdtOf(owner) < amount) return revert('transfer amount exceeds balance');
      return success(transferEnergyFor(state, to, ctx.energy), ctx.energy.penalty, word(1n));
    }
    default:
      return revert('unknown function');
  }
}

export const NODE_ROUTES: ReadonlyMap<string, (ctx: NodeContext, body: NodeBody) => object> = new Map([
  ['/wallet/getaccountresource', getAccountResource],
  ['/wallet/getaccount', getAccount],
  ['/wallet/triggerconstantcontract', triggerConstantContract],
  ['/wallet/getchainparameters', getChainParameters],
]);

/** JSON with bigints written as exact integers (JSON.stringify refuses bigint). */
export function nodeJson(value: unknown): string {
  const marked = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `\u0000int:${v}` : v));
  return marked.replace(/"\\u0000int:(-?\d+)"/g, '$1');
}
