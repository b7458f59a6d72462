import { ENDPOINTS } from './endpoints.ts';
import type { EndpointName, EndpointSpec } from './endpoints.ts';
import { CallStoppedError } from '../base/http/call-control.ts';
import type { StopReason } from '../base/http/call-control.ts';
import { MalformedResponseError, NetworkError } from './errors.ts';
import type { ApiError } from './errors.ts';
import { classifyNetworkFailure } from '../base/http/network-failure.ts';
import { ResponseTooLargeError } from '../base/http/http-exchange.ts';

/** The deadline or the caller stopped the call; `beforeSend` when no byte of this attempt was written. */
export function stoppedError(name: EndpointName, reason: StopReason, beforeSend: boolean): ApiError {
  const outcomeUnknown = ENDPOINTS[name].paid && !beforeSend;
  return new NetworkError({ endpoint: name, kind: reason, neverLeft: beforeSend, outcomeUnknown });
}

/**
 * An exchange that failed without an answer. `unwritten`: undici had not
 * begun writing the request (it waited for a connection) when it failed, so
 * nothing of it left: a paid call stopped by its deadline there is not sent,
 * not unknown.
 */
export function exchangeFailure(name: EndpointName, spec: EndpointSpec, err: unknown, unwritten: boolean): ApiError {
  if (err instanceof CallStoppedError) return stoppedError(name, err.reason, unwritten);
  if (err instanceof ResponseTooLargeError) {
    return new MalformedResponseError({ endpoint: name, reason: err.problem, outcomeUnknown: spec.paid });
  }
  const failure = classifyNetworkFailure(err);
  const neverLeft = failure.neverLeft || unwritten;
  return new NetworkError({ endpoint: name, kind: failure.kind, neverLeft, outcomeUnknown: spec.paid && !neverLeft, cause: err });
}
