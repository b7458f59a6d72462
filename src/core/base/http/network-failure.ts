export type NetworkErrorKind = 'refused' | 'dns' | 'connect_timeout' | 'unreachable' | 'timeout' | 'reset' | 'cancelled' | 'other';

export interface NetworkFailure {
  kind: NetworkErrorKind;
  /** The failure proves no byte of the request reached the network. */
  neverLeft: boolean;
}

/**
 * Error codes that can only come from establishing a connection, before a
 * request is written: a paid call that failed this way was not placed and may
 * be sent again. Everything else (resets, timeouts while waiting for headers
 * or body, aborts) may strike after the server has the request.
 */
const CONNECT_FAILURES: Readonly<Record<string, NetworkErrorKind>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  UND_ERR_CONNECT_TIMEOUT: 'connect_timeout',
  ENETUNREACH: 'unreachable',
  EHOSTUNREACH: 'unreachable',
};

const AFTER_SEND_FAILURES: Readonly<Record<string, NetworkErrorKind>> = {
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ETIMEDOUT: 'timeout',
  UND_ERR_SOCKET: 'reset',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_ABORTED: 'cancelled',
  ABORT_ERR: 'cancelled',
};

function codeOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  if ((err as { name?: unknown }).name === 'AbortError') return 'ABORT_ERR';
  return codeOf((err as { cause?: unknown }).cause);
}

/** Classifies an error thrown by undici while sending a request or reading its reply. */
export function classifyNetworkFailure(err: unknown): NetworkFailure {
  // Happy-eyeballs connects (several addresses) fail with an AggregateError:
  // the request never left only if every attempt failed while connecting.
  if (err instanceof AggregateError && err.errors.length > 0) {
    const parts = err.errors.map(classifyNetworkFailure);
    if (parts.every((p) => p.neverLeft)) return parts[0]!;
  }
  const code = codeOf(err);
  if (code !== undefined) {
    const connect = CONNECT_FAILURES[code];
    if (connect) return { kind: connect, neverLeft: true };
    const after = AFTER_SEND_FAILURES[code];
    if (after) return { kind: after, neverLeft: false };
  }
  return { kind: 'other', neverLeft: false };
}
