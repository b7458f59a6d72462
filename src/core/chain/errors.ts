import { DomainError } from '../base/domain-error.ts';
import type { NetworkErrorKind } from '../base/http/network-failure.ts';

/**
 * Failures of a TRON node read, as domain facts. How they are shown (IPC
 * codes, CLI exit codes) is decided where they are presented, not here.
 */
export type ChainErrorKind =
  /** Checked locally; nothing was sent. */
  | 'invalid-input'
  /** No answer: refused, DNS, timeouts, resets (`facts.network` says which). */
  | 'unreachable'
  /** The caller stopped the call. */
  | 'cancelled'
  /** 429/503, or TronGrid's 403 "frequency limit"; `facts.retryAfterMs` when the node said how long. */
  | 'rate-limited'
  /** 401/403 other than rate limiting: the provider refused the key or this client. */
  | 'forbidden'
  /** 404 (a wrong node URL path) or a contract that does not exist. */
  | 'not-found'
  /** Any other 5xx. */
  | 'server'
  /** The node answered but refused the request (`{"Error": …}`, or result.result=false). */
  | 'rejected'
  /** The dry run of a contract call reverted (for example the sender lacks the tokens). */
  | 'reverted'
  /** An answer that is not JSON or not the documented shape. */
  | 'malformed';

export type NodeEndpoint =
  | 'getaccount'
  | 'getaccountresource'
  | 'triggerconstantcontract'
  | 'getchainparameters'
  | 'getnowblock'
  | 'getblockbynum'
  | 'getblockbylimitnext';

export interface ChainErrorFacts {
  endpoint: NodeEndpoint | 'local';
  httpStatus?: number;
  network?: NetworkErrorKind;
  /** True only when the failure proves the request never left this machine. */
  neverLeft?: boolean;
  /** How long the node asked us to wait, when it said so. */
  retryAfterMs?: number;
  /** The node's own words, cleaned, capped and with the provider key redacted. */
  nodeMessage?: string;
  /** What was wrong, for local checks and malformed answers. */
  reason?: string;
  /** Requests sent for this call. */
  attempts?: number;
}

const ACTION: Record<NodeEndpoint | 'local', string> = {
  getaccount: 'reading the account',
  getaccountresource: "reading the account's energy and bandwidth",
  triggerconstantcontract: 'simulating the USDT contract call',
  getchainparameters: "reading the chain's fees",
  getnowblock: 'reading the newest block',
  getblockbynum: 'reading a block',
  getblockbylimitnext: 'reading blocks',
  local: 'checking the input',
};

const NETWORK_TEXT: Record<NetworkErrorKind, string> = {
  refused: 'the connection was refused',
  dns: "the node's host name could not be resolved",
  connect_timeout: 'connecting to the node timed out',
  unreachable: "the node's network could not be reached",
  timeout: 'the node did not answer in time',
  reset: 'the connection closed before the reply was complete',
  cancelled: 'the request was cancelled',
  other: 'a network error occurred',
};

function seconds(ms: number): string {
  return `${Math.ceil(ms / 1000)} s`;
}

function lead(kind: ChainErrorKind, facts: ChainErrorFacts): string {
  const action = ACTION[facts.endpoint];
  const status = facts.httpStatus === undefined ? '' : ` (HTTP ${facts.httpStatus})`;
  switch (kind) {
    case 'invalid-input':
      return `Invalid input: ${facts.reason ?? 'the request is not valid.'} Nothing was sent to the TRON node.`;
    case 'unreachable':
      return `The TRON node could not be reached while ${action}: ${NETWORK_TEXT[facts.network ?? 'other']}.`;
    case 'cancelled':
      return `Stopped while ${action}: the request was cancelled.`;
    case 'rate-limited': {
      const wait = facts.retryAfterMs === undefined ? 'Try again shortly' : `Try again in ${seconds(facts.retryAfterMs)}`;
      return `The TRON node is limiting requests${status} while ${action}. ${wait}; a provider API key raises the limit.`;
    }
    case 'forbidden':
      return `The TRON node refused ${action}${status}. Check the node provider's API key.`;
    case 'not-found':
      return `Not found while ${action}${status}: check the node URL.`;
    case 'server':
      return `The TRON node failed while ${action}${status}.`;
    case 'rejected':
      return `The TRON node refused the request while ${action}${status}.`;
    case 'reverted':
      return `The USDT transfer would fail on chain, so its energy cannot be estimated (the sender may not hold that much USDT).`;
    case 'malformed':
      return `The TRON node's reply while ${action} could not be understood${status}: ${facts.reason ?? 'unexpected content'}.`;
  }
}

export class ChainError extends DomainError {
  override readonly name = 'ChainError';
  readonly kind: ChainErrorKind;
  readonly facts: Readonly<ChainErrorFacts>;

  constructor(kind: ChainErrorKind, facts: ChainErrorFacts, cause?: unknown) {
    const parts = [lead(kind, facts)];
    if (facts.nodeMessage) parts.push(`The node said: "${facts.nodeMessage}".`);
    super(parts.join(' '), cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.facts = Object.freeze({ ...facts });
  }
}

export function invalidInput(reason: string): ChainError {
  return new ChainError('invalid-input', { endpoint: 'local', reason });
}
