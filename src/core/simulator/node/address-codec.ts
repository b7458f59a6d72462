import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';
import { tronAddressFromAccountId } from '../tron-address.ts';

/**
 * TRON addresses as java-tron reads and writes them over HTTP: base58check
 * (`visible: true`) or hex with the 0x41 prefix (`visible` false or absent).
 * The failure cases keep java-tron's distinctions, because its servlets answer
 * them differently: an illegal base58 character throws (Base58.decode), while
 * a wrong checksum, length or prefix only yields null
 * (Commons.decodeFromBase58Check), which most servlets then treat as an empty
 * address and answer `{}`.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ADDRESS_BYTES = 21;
const PREFIX = 0x41;

const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest();

export type Base58Reading =
  | { kind: 'address'; bytes: Buffer }
  /** Base58.decode threw IllegalArgumentException with this message. */
  | { kind: 'illegal'; message: string }
  /** decodeFromBase58Check returned null: bad checksum, length or prefix, or empty. */
  | { kind: 'null' };

export function readBase58(text: string): Base58Reading {
  if (text === '') return { kind: 'null' };
  for (let i = 0; i < text.length; i++) {
    if (!ALPHABET.includes(text[i]!)) return { kind: 'illegal', message: `Illegal character ${text[i]} at ${i}` };
  }
  const raw = Buffer.from(base58.decode(text));
  if (raw.length <= 4) return { kind: 'null' };
  const data = raw.subarray(0, raw.length - 4);
  const check = sha256(sha256(data)).subarray(0, 4);
  if (!check.equals(raw.subarray(raw.length - 4))) return { kind: 'null' };
  if (data.length !== ADDRESS_BYTES || data[0] !== PREFIX) return { kind: 'null' };
  return { kind: 'address', bytes: Buffer.from(data) };
}

/** Hex as ByteArray.fromHexString reads it (an optional 0x, an odd length padded with a leading 0); undefined when not hex. */
export function readHex(text: string): Buffer | undefined {
  let digits = text.startsWith('0x') ? text.slice(2) : text;
  if (digits.length % 2 !== 0) digits = `0${digits}`;
  if (!/^[0-9a-fA-F]*$/.test(digits)) return undefined;
  return Buffer.from(digits, 'hex');
}

/** The base58 form of 21 address bytes; other lengths are not addresses (java-tron would print garbage). */
export function base58OfBytes(bytes: Uint8Array): string {
  if (bytes.length !== ADDRESS_BYTES || bytes[0] !== PREFIX) throw new RangeError('not a TRON address');
  return tronAddressFromAccountId(bytes.subarray(1));
}

/** 21 address bytes of a base58 address the simulator holds (always valid). */
export function bytesOfAddress(address: string): Buffer {
  const reading = readBase58(address);
  if (reading.kind !== 'address') throw new RangeError('not a TRON address');
  return reading.bytes;
}

export const hexOfAddress = (address: string): string => bytesOfAddress(address).toString('hex');

/** The base58 address of 21 bytes when they are one, else undefined (an unknown account). */
export function addressOfBytes(bytes: Uint8Array): string | undefined {
  return bytes.length === ADDRESS_BYTES && bytes[0] === PREFIX ? base58OfBytes(bytes) : undefined;
}

/** An address field of a reply: base58 when the caller asked `visible`, else hex. */
export const printAddress = (address: string, visible: boolean): string => (visible ? address : hexOfAddress(address));
