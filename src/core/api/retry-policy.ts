import { NetworkError, ServerError } from './errors.ts';
import type { ApiError } from './errors.ts';
import type { EndpointSpec } from './endpoints.ts';

/**
 * Whether a failed attempt may be sent again. Read-only calls retry on 5xx
 * and network failures, never on 4xx. A paid call retries only when the
 * failure proves the request never left: after a 5xx, a timeout, a reset or
 * an unreadable reply the order may exist, and a second send would pay twice.
 */
export function mayRetry(spec: EndpointSpec, error: ApiError): boolean {
  if (error instanceof NetworkError) {
    if (error.kind === 'cancelled') return false;
    return spec.paid ? error.neverLeft : true;
  }
  return error instanceof ServerError && !spec.paid;
}

/**
 * Whether the service counts as down after a failed attempt: a 5xx or a
 * network failure says so; any other answer says it is up; a call the
 * caller cancelled says nothing.
 */
export function serviceDownAfter(error: ApiError, wasDown: boolean): boolean {
  if (error instanceof NetworkError) return error.kind === 'cancelled' ? wasDown : true;
  return error instanceof ServerError;
}
