import { msg } from '../../shared/i18n/message.ts';
import { cleanServerMessage } from '../base/http/server-text.ts';
import { decodeRevertReason, decodeUint256Word } from './abi.ts';
import { ChainError } from './errors.ts';
import type { ConstantCallReply } from './schemas.ts';

const endpoint = 'triggerconstantcontract' as const;

/** What a successful dry run tells: energy (penalty included) and the return data. */
export interface ConstantCallOutcome {
  energyUsed: bigint;
  energyPenalty: bigint;
  returnData: string;
}

/**
 * result.message is a bytes field: java-tron prints it as text when the
 * request was `visible` and as hex otherwise (a gateway that drops `visible`
 * sends hex: "524556455254…" for "REVERT opcode executed"). Hex that decodes
 * to valid UTF-8 is shown as that text; anything else stays as it came.
 */
export function readableMessage(message: string): string {
  if (message.length < 2 || message.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(message)) return message;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(message, 'hex'));
  } catch {
    return message;
  }
}

/**
 * Reads a TransactionExtention the way the TRON reference describes it
 * (smart-contract/triggerconstantcontract.md, "Error responses"):
 * - result.result false with code CONTRACT_VALIDATE_ERROR: the contract does
 *   not exist ("Smart contract is not exist.") or the node has constant calls
 *   off; OTHER_ERROR: bad parameters or a node-side exception;
 * - an EVM revert keeps result.result true, says "REVERT opcode executed" in
 *   result.message and marks transaction.ret[0].ret "FAILED"; the reason is
 *   the Error(string) encoding in constant_result[0].
 */
export function constantCallOutcome(reply: ConstantCallReply): ConstantCallOutcome {
  const result = reply.result;
  const message = result?.message === undefined ? undefined : cleanServerMessage(readableMessage(result.message));
  const said = message === undefined || message === '' ? {} : { nodeMessage: message };
  if (result?.result !== true) {
    if (result?.code === undefined) throw new ChainError('malformed', { endpoint, reason: msg('errors:reply.noResult') });
    const missing = result.code === 'CONTRACT_VALIDATE_ERROR' && /not exist/i.test(message ?? '');
    throw new ChainError(missing ? 'not-found' : 'rejected', { endpoint, ...said });
  }
  const returnData = reply.constant_result?.[0] ?? '';
  const failed = reply.transaction?.ret?.some((r) => r.ret === 'FAILED') === true || 'nodeMessage' in said;
  if (failed) {
    const reason = decodeRevertReason(returnData);
    throw new ChainError('reverted', { endpoint, ...(reason ? { nodeMessage: reason } : said) });
  }
  return { energyUsed: reply.energy_used, energyPenalty: reply.energy_penalty, returnData };
}

/** A uint256 return value (balanceOf), refusing a reply without one. */
export function uint256Result(outcome: ConstantCallOutcome): bigint {
  const value = decodeUint256Word(outcome.returnData);
  if (value === undefined) throw new ChainError('malformed', { endpoint, reason: msg('errors:reply.noNumber') });
  return value;
}
