import { msg, type Message, type MessageKey } from '../../shared/i18n/message.ts';
import { DomainError } from '../base/domain-error.ts';
import { statusText } from '../base/http/reply-problem.ts';
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
  reason?: Message;
  /** Requests sent for this call. */
  attempts?: number;
}

const ACTION_KEYS: Readonly<Record<NodeEndpoint | 'local', MessageKey>> = {
  getaccount: 'errors:chain.action.getaccount',
  getaccountresource: 'errors:chain.action.getaccountresource',
  triggerconstantcontract: 'errors:chain.action.triggerconstantcontract',
  getchainparameters: 'errors:chain.action.getchainparameters',
  getnowblock: 'errors:chain.action.getnowblock',
  getblockbynum: 'errors:chain.action.getblockbynum',
  getblockbylimitnext: 'errors:chain.action.getblockbylimitnext',
  local: 'errors:chain.action.local',
};

const NETWORK_KEYS: Readonly<Record<NetworkErrorKind, MessageKey>> = {
  refused: 'errors:chain.networkKind.refused',
  dns: 'errors:chain.networkKind.dns',
  connect_timeout: 'errors:chain.networkKind.connect_timeout',
  unreachable: 'errors:chain.networkKind.unreachable',
  timeout: 'errors:chain.networkKind.timeout',
  reset: 'errors:chain.networkKind.reset',
  cancelled: 'errors:chain.networkKind.cancelled',
  other: 'errors:chain.networkKind.other',
};

function lead(kind: ChainErrorKind, facts: ChainErrorFacts): Message {
  const action = msg(ACTION_KEYS[facts.endpoint]);
  const status = statusText(facts.httpStatus);
  switch (kind) {
    case 'invalid-input':
      return msg('errors:chain.invalidInput', { reason: facts.reason ?? msg('errors:chain.notValid') });
    case 'unreachable':
      return msg('errors:chain.unreachable', { action, what: msg(NETWORK_KEYS[facts.network ?? 'other']) });
    case 'cancelled':
      return msg('errors:chain.cancelled', { action });
    case 'rate-limited':
      return facts.retryAfterMs === undefined
        ? msg('errors:chain.rateLimited', { action, status })
        : msg('errors:chain.rateLimitedWait', { action, status, wait: { seconds: Math.ceil(facts.retryAfterMs / 1000) } });
    case 'forbidden':
      return msg('errors:chain.forbidden', { action, status });
    case 'not-found':
      return msg('errors:chain.notFound', { action, status });
    case 'server':
      return msg('errors:chain.server', { action, status });
    case 'rejected':
      return msg('errors:chain.rejected', { action, status });
    case 'reverted':
      return msg('errors:chain.reverted');
    case 'malformed':
      return msg('errors:chain.malformed', { action, status, reason: facts.reason ?? msg('errors:chain.unexpectedContent') });
  }
}

export class ChainError extends DomainError {
  override readonly name = 'ChainError';
  readonly kind: ChainErrorKind;
  readonly facts: Readonly<ChainErrorFacts>;

  constructor(kind: ChainErrorKind, facts: ChainErrorFacts, cause?: unknown) {
    const first = lead(kind, facts);
    const text = facts.nodeMessage ? msg('errors:chain.nodeSaid', { lead: first, said: facts.nodeMessage }) : first;
    super(text, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.facts = Object.freeze({ ...facts });
  }
}

export function invalidInput(reason: Message): ChainError {
  return new ChainError('invalid-input', { endpoint: 'local', reason });
}
