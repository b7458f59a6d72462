import { msg, type MessageKey } from '../../shared/i18n/message.ts';
import { addressProblemWords } from '../../shared/order-rules.ts';
import { base58 } from '@scure/base';
import { tronAddressProblem } from '../base/tron-address.ts';
import { invalidInput } from './errors.ts';

/**
 * The little Solidity ABI this client needs (transfer(address,uint256) and
 * balanceOf(address) on a TRC-20 contract): each argument is one 32-byte
 * word, written as 64 hex digits. TRON's triggerconstantcontract takes the
 * function signature in `function_selector` and the encoded arguments alone
 * in `parameter` (TRON docs, smart-contract/triggerconstantcontract.md: its
 * balanceOf example passes 24 zero digits + the 20-byte account id).
 */

const WORD_HEX = 64;
const UINT256_MAX = 2n ** 256n - 1n;
/** Error(string) selector: a revert reason is encoded as a call to it. */
const ERROR_SELECTOR = '08c379a0';
const MAX_REASON_CHARS = 200;

/** Validates a base58check TRON address; the message says what is wrong, never the address. */
export function assertAddress(address: unknown, role: MessageKey): asserts address is string {
  if (typeof address !== 'string') throw invalidInput(msg('errors:address.notText', { role: msg(role) }));
  const problem = tronAddressProblem(address);
  if (problem !== null) throw invalidInput(msg('errors:address.invalid', { role: msg(role), problem: addressProblemWords(problem) }));
}

/**
 * A TRON address as an ABI `address` word: the base58check payload is
 * 0x41 + the 20-byte account id; the ABI takes the account id alone,
 * left-padded with zeros to 32 bytes.
 */
export function encodeAddressWord(address: string): string {
  assertAddress(address, 'errors:address.roleContract');
  const accountId = base58.decode(address).subarray(1, 21);
  return Buffer.from(accountId).toString('hex').padStart(WORD_HEX, '0');
}

export function encodeUint256Word(value: bigint): string {
  if (value < 0n || value > UINT256_MAX) throw invalidInput(msg('errors:chain.amountRange'));
  return value.toString(16).padStart(WORD_HEX, '0');
}

/** The first 32-byte word of return data as an unsigned integer, or undefined when there is none. */
export function decodeUint256Word(hex: string): bigint | undefined {
  if (hex.length < WORD_HEX || !/^[0-9a-fA-F]+$/.test(hex)) return undefined;
  return BigInt(`0x${hex.slice(0, WORD_HEX)}`);
}

/**
 * The reason string of an Error(string) revert (selector, offset word,
 * length word, UTF-8 bytes), control characters dropped and length capped;
 * undefined when the data is not such an encoding.
 */
export function decodeRevertReason(hex: string | undefined): string | undefined {
  if (hex === undefined || !hex.toLowerCase().startsWith(ERROR_SELECTOR)) return undefined;
  const body = hex.slice(ERROR_SELECTOR.length);
  const length = decodeUint256Word(body.slice(WORD_HEX));
  if (length === undefined || length > BigInt(body.length)) return undefined;
  const start = 2 * WORD_HEX;
  const bytes = body.slice(start, start + Number(length) * 2);
  if (bytes.length !== Number(length) * 2) return undefined;
  // eslint-disable-next-line no-control-regex
  const text = Buffer.from(bytes, 'hex').toString('utf8').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS)}…` : text;
}
