/** TRON addresses (base58check, version byte 0x41): shared by the service client and the TRON node client. */
import { createHash } from 'node:crypto';
import { base58, createBase58check } from '@scure/base';
import type { AddressProblem } from '../../shared/order-rules.ts';
import { InvariantError } from './domain-error.ts';

const TRON_VERSION = 0x41;
const PAYLOAD_BYTES = 21; // version byte + 20-byte account id; base58check adds a 4-byte checksum

const sha256 = (data: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(data).digest());
const base58check = createBase58check(sha256);

export type { AddressProblem };

/** Why `address` is not a TRON address, or null when it is one. */
export function tronAddressProblem(address: string): AddressProblem | null {
  if (address === '') return 'empty';
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return 'not base58';
  }
  if (bytes.length !== PAYLOAD_BYTES + 4) return 'bad length';
  if (bytes[0] !== TRON_VERSION) return 'wrong version prefix';
  try {
    base58check.decode(address);
  } catch {
    return 'bad checksum';
  }
  return null;
}

export function isValidTronAddress(address: string): boolean {
  return tronAddressProblem(address) === null;
}

/** Encodes a 20-byte account id as a TRON address (used by tests and the simulator's sample data). */
export function encodeTronAddress(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new InvariantError('account-id-length', { bytes: accountId.length });
  const payload = new Uint8Array(PAYLOAD_BYTES);
  payload[0] = TRON_VERSION;
  payload.set(accountId, 1);
  return base58check.encode(payload);
}
