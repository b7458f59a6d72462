import { DomainError } from '../base/domain-error.ts';
import type { NetworkErrorKind } from '../base/http/network-failure.ts';

export type { NetworkErrorKind };
import { msg, type Message, type MessageArgs, type MessageKey } from '../../shared/i18n/message.ts';
import { statusText } from '../base/http/reply-problem.ts';
import { MAX_SKEW_SECONDS } from './clock-skew.ts';
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
  /** A paid request whose outcome cannot be known: its words then say to check the service console before retrying. */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

const ACTION_KEYS: Readonly<Record<ErrorEndpoint, MessageKey>> = {
  local: 'errors:api.action.local',
  user_info: 'errors:api.action.user_info',
  active_account: 'errors:api.action.active_account',
  buy_energy: 'errors:api.action.buy_energy',
  buy_net: 'errors:api.action.buy_net',
  reclaim_energy: 'errors:api.action.reclaim_energy',
  query_result: 'errors:api.action.query_result',
  query_price: 'errors:api.action.query_price',
  query_fast_recover_price: 'errors:api.action.query_fast_recover_price',
  buy_fast_recover: 'errors:api.action.buy_fast_recover',
  query_fast_recover_order: 'errors:api.action.query_fast_recover_order',
  get_smart_price: 'errors:api.action.get_smart_price',
};

/** What the call was doing, for "… while buying energy". */
const actionOf = (endpoint: ErrorEndpoint): Message => msg(ACTION_KEYS[endpoint]);

/** The lead, then the server's own words and the advice for an unknown outcome, where the error has them. */
function compose(lead: Message, init: ApiErrorInit): Message {
  let text = lead;
  if (init.serverMessage) text = msg('errors:api.serverSaid', { lead: text, said: init.serverMessage });
  if (init.outcomeUnknown) text = msg('errors:api.outcomeUnknown', { lead: text });
  return text;
}

const facts = (init: ApiErrorInit): MessageArgs => ({ action: actionOf(init.endpoint), status: statusText(init.httpStatus) });

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

  constructor(text: Message, init: ApiErrorInit) {
    super(text, init.cause === undefined ? undefined : { cause: init.cause });
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
  constructor(init: ApiErrorInit & { reason?: Message }) {
    const lead =
      init.reason !== undefined ? msg('errors:api.invalidInput', { reason: init.reason }) : msg('errors:api.invalidRequest', facts(init));
    super(compose(lead, init), init);
  }
}

export class AuthenticationError extends ApiError {
  override readonly name = 'AuthenticationError';
  readonly category = 'authentication';
  constructor(init: ApiErrorInit) {
    super(compose(msg('errors:api.authentication', facts(init)), init), init);
  }
}

export class ForbiddenError extends ApiError {
  override readonly name = 'ForbiddenError';
  readonly category = 'forbidden';
  constructor(init: ApiErrorInit) {
    super(compose(msg('errors:api.forbidden', facts(init)), init), init);
  }
}

export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
  readonly category = 'not_found';
  constructor(init: ApiErrorInit) {
    super(compose(msg('errors:api.notFound', facts(init)), init), init);
  }
}

export class ServerError extends ApiError {
  override readonly name = 'ServerError';
  readonly category = 'server';
  constructor(init: ApiErrorInit) {
    super(compose(msg('errors:api.server', facts(init)), init), init);
  }
}

const NETWORK_KEYS: Readonly<Record<NetworkErrorKind, MessageKey>> = {
  refused: 'errors:api.networkKind.refused',
  dns: 'errors:api.networkKind.dns',
  connect_timeout: 'errors:api.networkKind.connect_timeout',
  unreachable: 'errors:api.networkKind.unreachable',
  timeout: 'errors:api.networkKind.timeout',
  reset: 'errors:api.networkKind.reset',
  cancelled: 'errors:api.networkKind.cancelled',
  other: 'errors:api.networkKind.other',
};

export class NetworkError extends ApiError {
  override readonly name = 'NetworkError';
  readonly category = 'network';
  readonly kind: NetworkErrorKind;
  /** True only when the error proves the request never left this machine. */
  readonly neverLeft: boolean;
  constructor(init: ApiErrorInit & { kind: NetworkErrorKind; neverLeft: boolean }) {
    const what = msg(NETWORK_KEYS[init.kind]);
    const lead = msg(init.neverLeft ? 'errors:api.networkNothingSent' : 'errors:api.network', { action: actionOf(init.endpoint), what });
    super(compose(lead, init), init);
    this.kind = init.kind;
    this.neverLeft = init.neverLeft;
  }
}

export class MalformedResponseError extends ApiError {
  override readonly name = 'MalformedResponseError';
  readonly category = 'malformed_response';
  constructor(init: ApiErrorInit & { reason: Message }) {
    super(compose(msg('errors:api.malformed', { ...facts(init), reason: init.reason }), init), init);
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
    super(compose(msg(init.outcomeUnknown ? 'errors:api.unexpectedAnswer' : 'errors:api.declined', facts(init)), init), init);
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
    const offset = init.offsetSeconds;
    const which =
      offset === null
        ? msg('errors:api.clockUnusable')
        : msg(offset > 0 ? 'errors:api.clockBehind' : 'errors:api.clockAhead', {
            offset: { seconds: offset },
            limit: { seconds: MAX_SKEW_SECONDS },
          });
    super(msg('errors:api.clock', { action: actionOf(init.endpoint), which }), { ...init, outcomeUnknown: false });
    this.offsetSeconds = init.offsetSeconds;
  }
}
