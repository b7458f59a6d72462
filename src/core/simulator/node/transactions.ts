import { createHash } from 'node:crypto';
import { createBase58check } from '@scure/base';
import type { ResourceKind } from '../state.ts';
import { bytesOfAddress } from './address-codec.ts';
import { ProtoWriter } from './protobuf.ts';

/**
 * Transactions as java-tron builds and prints them (Util.printTransactionToJSON):
 * `raw_data` with its contract, `raw_data_hex` (the protobuf bytes of
 * protocol.Transaction.raw) and `txID` (their SHA-256). Three contract types
 * occur on the simulated chain: TriggerSmartContract (USDT calls, type 31),
 * DelegateResourceContract (57) and UnDelegateResourceContract (58).
 */

const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest();
const base58check = createBase58check(sha256);

/** Address bytes as JsonFormat prints an address field: base58check when `visible`, else hex. */
export const printBytes = (bytes: Uint8Array, visible: boolean): string =>
  visible ? base58check.encode(bytes) : Buffer.from(bytes).toString('hex');

export type ContractCall =
  | { type: 'TriggerSmartContract'; owner: Buffer; contract: Buffer; data: Buffer; callValue: bigint }
  | { type: 'DelegateResourceContract'; owner: string; receiver: string; resource: ResourceKind; balance: bigint; lockPeriod: bigint }
  | { type: 'UnDelegateResourceContract'; owner: string; receiver: string; resource: ResourceKind; balance: bigint };

/** The block a transaction refers to (TAPoS): bytes 6–7 of its number, bytes 8–15 of its id. */
export interface RefBlock {
  bytes: string;
  hash: string;
}

export interface TransactionInput {
  call: ContractCall;
  ref: RefBlock;
  expiration: number;
  timestamp: number;
  /** Not written when 0 (constant calls). */
  feeLimit: bigint;
}

const CONTRACT_TYPE_NUMBER = { TriggerSmartContract: 31, DelegateResourceContract: 57, UnDelegateResourceContract: 58 } as const;
/** protocol.ResourceCode: BANDWIDTH is 0 and so left out. */
const RESOURCE_CODE = { net: 0, energy: 1 } as const;

function contractValue(call: ContractCall): ProtoWriter {
  const w = new ProtoWriter();
  if (call.type === 'TriggerSmartContract') {
    return w.bytes(1, call.owner).bytes(2, call.contract).int(3, call.callValue).bytes(4, call.data);
  }
  w.bytes(1, bytesOfAddress(call.owner)).int(2, RESOURCE_CODE[call.resource]).int(3, call.balance).bytes(4, bytesOfAddress(call.receiver));
  return call.type === 'DelegateResourceContract' ? w.bool(5, call.lockPeriod > 0n).int(6, call.lockPeriod) : w;
}

/** protocol.Transaction.raw as bytes. */
export function rawBytes(input: TransactionInput): Buffer {
  const any = new ProtoWriter().string(1, `type.googleapis.com/protocol.${input.call.type}`).bytes(2, contractValue(input.call).finish());
  const contract = new ProtoWriter().int(1, CONTRACT_TYPE_NUMBER[input.call.type]).message(2, any);
  return new ProtoWriter()
    .bytes(1, Buffer.from(input.ref.bytes, 'hex'))
    .bytes(4, Buffer.from(input.ref.hash, 'hex'))
    .int(8, input.expiration)
    .message(11, contract)
    .int(14, input.timestamp)
    .int(18, input.feeLimit)
    .finish();
}

export const txIdOf = (raw: Uint8Array): string => sha256(raw).toString('hex');

function valueJson(call: ContractCall, visible: boolean): Record<string, unknown> {
  if (call.type === 'TriggerSmartContract') {
    const value: Record<string, unknown> = { data: call.data.toString('hex'), owner_address: printBytes(call.owner, visible) };
    value['contract_address'] = printBytes(call.contract, visible);
    if (call.callValue !== 0n) value['call_value'] = call.callValue;
    return value;
  }
  const address = (a: string): string => printBytes(bytesOfAddress(a), visible);
  const value: Record<string, unknown> = { balance: call.balance };
  if (call.resource === 'energy') value['resource'] = 'ENERGY';
  value['receiver_address'] = address(call.receiver);
  value['owner_address'] = address(call.owner);
  if (call.type === 'DelegateResourceContract' && call.lockPeriod > 0n) Object.assign(value, { lock: true, lock_period: call.lockPeriod });
  return value;
}

/** `raw_data` as JSON, in the key order java-tron's replies show. */
export function rawDataJson(input: TransactionInput, visible: boolean): Record<string, unknown> {
  const contract = {
    parameter: { value: valueJson(input.call, visible), type_url: `type.googleapis.com/protocol.${input.call.type}` },
    type: input.call.type,
  };
  const raw: Record<string, unknown> = {
    contract: [contract],
    ref_block_bytes: input.ref.bytes,
    ref_block_hash: input.ref.hash,
    expiration: input.expiration,
  };
  if (input.feeLimit !== 0n) raw['fee_limit'] = input.feeLimit;
  raw['timestamp'] = input.timestamp;
  return raw;
}

export interface PrintedTransaction {
  txID: string;
  json: Record<string, unknown>;
}

/**
 * The whole transaction as JSON: `ret` first (a constant call's [{}] or
 * [{"ret":"FAILED"}], a block's [{"contractRet":"SUCCESS"}]), then
 * `signature` for a broadcast one, `visible` for a constant call's
 * (printTransactionExtention adds it), txID, raw_data, raw_data_hex.
 */
export function printTransaction(
  input: TransactionInput,
  visible: boolean,
  head: { ret: object[]; signature?: (txID: string) => string[]; visibleFlag?: boolean },
): PrintedTransaction {
  const raw = rawBytes(input);
  const txID = txIdOf(raw);
  const json: Record<string, unknown> = { ret: head.ret };
  if (head.signature) json['signature'] = head.signature(txID);
  if (head.visibleFlag !== undefined) json['visible'] = head.visibleFlag;
  Object.assign(json, { txID, raw_data: rawDataJson(input, visible), raw_data_hex: raw.toString('hex') });
  return { txID, json };
}
