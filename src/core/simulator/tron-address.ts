import { createHash } from 'node:crypto';
import { createBase58check } from '@scure/base';

/**
 * TRON addresses as the simulator checks and mints them: base58check of 21
 * bytes, version byte 0x41 followed by the 20-byte account id. Written apart
 * from the client's validator on purpose, so that each checks the other.
 */
const TRON_VERSION = 0x41;

const sha256 = (data: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(data).digest());
const base58check = createBase58check(sha256);

export function isTronAddress(text: string): boolean {
  if (text.length !== 34 || !text.startsWith('T')) return false;
  try {
    const bytes = base58check.decode(text);
    return bytes.length === 21 && bytes[0] === TRON_VERSION;
  } catch {
    return false;
  }
}

/** The T-address of a 20-byte account id. */
export function tronAddressFromAccountId(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new RangeError('a TRON account id is 20 bytes');
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_VERSION;
  bytes.set(accountId, 1);
  return base58check.encode(bytes);
}

/** A stable, valid address derived from a seed text (for simulated pool accounts). */
export function tronAddressFromSeed(seed: string): string {
  return tronAddressFromAccountId(sha256(new TextEncoder().encode(seed)).slice(0, 20));
}
