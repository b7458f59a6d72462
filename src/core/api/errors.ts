import { DomainError } from '../base/domain-error.ts';
import type { NetworkErrorKind } from '../base/http/network-failure.ts';

export type { NetworkErrorKind };
import { ENDPOINTS } from './endpoints.ts';
import { MAX_SKEW_SECONDS, durationText, offsetText } from './clock-skew.ts';
import type { EndpointName } from './endpoints.ts';

export type ErrorCategory =
  | 'invalid_input'
  | 'authentication'
  | 'forbidden'
  | 'not_found'
  | 'server'
  | 'network'
  | 'malformed_response'
  | 'rejected'
  | 'clock';

/** 'local' marks input checks that ran before any endpoint was chosen. */
export type ErrorEndpoint = EndpointName | 'local';

export interface ApiErrorInit {
  endpoint: ErrorEndpoint;
  httpStatus?: number;
  /** The envelope's msg; kept short and free of control characters. */
  serverMessage?: string;
  /** A paid request whose outcome cannot be known (see OUTCOME_UNKNOWN_ADVICE). */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

export const OUTCOME_UNKNOWN_ADVICE =
  'The order may or may not have been placed. Check the order list in the service console before retrying.';

function actionOf(endpoint: ErrorEndpoint): string {
  return endpoint === 'local' ? 'checking the input' : ENDPOINTS[endpoint].action;
}

function compose(lead: string, init: ApiErrorInit): string {
  const parts = [lead];
  if (init.serverMessage) parts.push(`The service said: "${init.serverMessage}".`);
  if (init.outcomeUnknown) parts.push(OUTCOME_UNKNOWN_ADVICE);
  return parts.join(' ');
}

function withStatus(init: ApiErrorInit): string {
  return init.httpStatus === undefined ? '' : ` (HTTP ${init.httpStatus})`;
}

/**
 * Every failure of a service call. `category` is its kind; the other fields
 * are the facts (endpoint, HTTP status, the server's msg, whether the outcome
 * is unknown). Messages are for people: they say what failed and carry the
 * server's msg, never the secret, a signature or the full API key (the client
 * redacts server messages that echo them).
 */
export abstract class ApiError extends DomainError {
  abstract readonly category: ErrorCategory;
  readonly endpoint: ErrorEndpoint;
  readonly httpStatus: number | undefined;
  readonly serverMessage: string | undefined;
  readonly outcomeUnknown: boolean;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.endpoint = init.endpoint;
    this.httpStatus = init.httpStatus;
    this.serverMessage = init.serverMessage;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }
}

export class InvalidInputError extends ApiError {
  override readonly name = 'InvalidInputError';
  readonly category = 'invalid_input';
  /** Local check: `reason` says what is wrong and nothing was sent. From a 400: reason is omitted. */
  constructor(init: ApiErrorInit & { reason?: string }) {
    const lead =
      init.reason !== undefined
        ? `Invalid input: ${init.reason} Nothing was sent.`
        : `The service rejected the request as invalid while ${actionOf(init.endpoint)}${withStatus(init)}.`;
    super(compose(lead, init), init);
  }
}

export class AuthenticationError extends ApiError {
  override readonly name = 'AuthenticationError';
  readonly category = 'authentication';
  constructor(init: ApiErrorInit) {
    const lead =
      `Authentication failed while ${actionOf(init.endpoint)}${withStatus(init)}. Check the API key and secret, ` +
      "that this computer's public IP is on the allowlist and that API access is on in the service console.";
    super(compose(lead, init), init);
  }
}

export class ForbiddenError extends ApiError {
  override readonly name = 'ForbiddenError';
  readonly category = 'forbidden';
  constructor(init: ApiErrorInit) {
    const lead = `The service refused ${actionOf(init.endpoint)}${withStatus(init)}: insufficient balance or the account may not do this.`;
    super(compose(lead, init), init);
  }
}

export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
  readonly category = 'not_found';
  constructor(init: ApiErrorInit) {
    const lead = `Nothing was found while ${actionOf(init.endpoint)}${withStatus(init)}: it does not exist, belongs to another account or is unavailable.`;
    super(compose(lead, init), init);
  }
}

export class ServerError extends ApiError {
  override readonly name = 'ServerError';
  readonly category = 'server';
  constructor(init: ApiErrorInit) {
    super(compose(`The service failed while ${actionOf(init.endpoint)}${withStatus(init)}.`, init), init);
  }
}

const NETWORK_TEXT: Record<NetworkErrorKind, string> = {
  refused: 'the connection was refused',
  dns: "the service's host name could not be resolved",
  connect_timeout: 'connecting to the service timed out',
  unreachable: "the service's network could not be reached",
  timeout: 'the service did not answer in time',
  reset: 'the connection closed before the reply was complete',
  cancelled: 'the request was cancelled',
  other: 'a network error occurred',
};

export class NetworkError extends ApiError {
  override readonly name = 'NetworkError';
  readonly category = 'network';
  readonly kind: NetworkErrorKind;
  /** True only when the error proves the request never left this machine. */
  readonly neverLeft: boolean;
  constructor(init: ApiErrorInit & { kind: NetworkErrorKind; neverLeft: boolean }) {
    const lead = `Network problem while ${actionOf(init.endpoint)}: ${NETWORK_TEXT[init.kind]}.${init.neverLeft ? ' Nothing was sent.' : ''}`;
    super(compose(lead, init), init);
    this.kind = init.kind;
    this.neverLeft = init.neverLeft;
  }
}

export class MalformedResponseError extends ApiError {
  override readonly name = 'MalformedResponseError';
  readonly category = 'malformed_response';
  constructor(init: ApiErrorInit & { reason: string }) {
    const lead = `The service's reply while ${actionOf(init.endpoint)} could not be understood${withStatus(init)}: ${init.reason}.`;
    super(compose(lead, init), init);
  }
}

/**
 * HTTP 200 with envelope code 0 (the service declined), or a status the spec
 * does not document (a redirect, 408, 409, 429, …): for a paid call that one
 * has an unknown outcome and says so.
 */
export class RejectedError extends ApiError {
  override readonly name = 'RejectedError';
  readonly category = 'rejected';
  constructor(init: ApiErrorInit) {
    const lead = init.outcomeUnknown
      ? `The service gave an unexpected answer${withStatus(init)} while ${actionOf(init.endpoint)}.`
      : `The service declined ${actionOf(init.endpoint)}${withStatus(init)}.`;
    super(compose(lead, init), init);
  }
}

/**
 * The clocks disagree beyond what the client follows (clock-skew.ts), or this
 * computer's clock gives no usable time: nothing was done (a 401 is refused
 * before any processing, and an unsigned request is never sent).
 */
export class ClockSkewError extends ApiError {
  override readonly name = 'ClockSkewError';
  readonly category = 'clock';
  /** Server time minus local time in seconds; null when the local clock gives no usable time. */
  readonly offsetSeconds: number | null;
  constructor(init: ApiErrorInit & { offsetSeconds: number | null }) {
    const which =
      init.offsetSeconds === null
        ? "this computer's clock does not give a usable time"
        : `this computer's clock is ${offsetText(init.offsetSeconds)}, more than the ${durationText(MAX_SKEW_SECONDS)} Energy Tray follows`;
    const lead =
      `Not done while ${actionOf(init.endpoint)}: ${which}. Set this computer's date, time and time zone correctly ` +
      '(automatic time is best), then try again. Nothing was bought or changed.';
    super(lead, { ...init, outcomeUnknown: false });
    this.offsetSeconds = init.offsetSeconds;
  }
}
