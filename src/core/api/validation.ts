import { msg, type MessageArgs, type MessageKey } from '../../shared/i18n/message.ts';
import { MIN_BANDWIDTH_COUNT, MIN_COUNT, MIN_ENERGY_COUNT } from '../../shared/order-rules.ts';
import { assertTronAddress } from './address.ts';
import { InvalidInputError } from './errors.ts';
import type { ErrorEndpoint } from './errors.ts';
import type { FastRecoverRequest, PriceQuery, ResourceType, TimedOrderRequest } from './types.ts';

/**
 * Local checks that run before anything is sent (spec sections 4 and 8). A
 * failure throws InvalidInputError and no request leaves the machine. The
 * inputs are typed, but the CLI and IPC feed them from user text, so each
 * check also guards the runtime type.
 */

/** The spec's minimums live in src/shared/order-rules.ts (the forms show them too). */
export { MIN_BANDWIDTH_COUNT, MIN_ENERGY_COUNT };

const NO_WHITESPACE_TOKEN = /^\S+$/;

function fail(endpoint: ErrorEndpoint, reason: MessageKey, values?: MessageArgs): never {
  throw new InvalidInputError({ endpoint, reason: msg(reason, values) });
}

export function assertPositiveCount(
  count: unknown,
  endpoint: ErrorEndpoint,
  reason: MessageKey = 'errors:api.countPositive',
): asserts count is number {
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count <= 0) fail(endpoint, reason);
}

function assertTimedCount(type: ResourceType, count: unknown, endpoint: ErrorEndpoint): void {
  assertPositiveCount(count, endpoint);
  const min = MIN_COUNT[type];
  if (count < min) {
    fail(endpoint, type === 'energy' ? 'errors:api.energyMinimum' : 'errors:api.bandwidthMinimum', { min });
  }
}

export function assertResourceType(type: unknown, endpoint: ErrorEndpoint): asserts type is ResourceType {
  if (type !== 'energy' && type !== 'net') fail(endpoint, 'errors:api.resourceType');
}

/**
 * The full list of period names is not in the spec (section 8), so any
 * non-empty token is accepted and the server has the last word; only text that
 * cannot be a period name (empty, containing spaces) is stopped here.
 */
export function assertPeriod(period: unknown, endpoint: ErrorEndpoint): asserts period is string {
  if (typeof period !== 'string' || !NO_WHITESPACE_TOKEN.test(period)) {
    fail(endpoint, 'errors:api.period');
  }
}

export function validateAddress(address: unknown, endpoint: ErrorEndpoint): asserts address is string {
  if (typeof address !== 'string') fail(endpoint, 'errors:api.addressText');
  assertTronAddress(address, endpoint);
}

export function validateTimedOrder(type: ResourceType, request: TimedOrderRequest, endpoint: ErrorEndpoint): void {
  validateAddress(request.address, endpoint);
  assertTimedCount(type, request.count, endpoint);
  assertPeriod(request.period, endpoint);
}

/**
 * The spec documents the minimums for the buy calls only. A quote for less
 * than the minimum describes an order that buy_energy/buy_net would refuse
 * with a 400, so the same minimum applies here and the user learns it before
 * asking for a price.
 */
export function validatePriceQuery(query: PriceQuery, endpoint: ErrorEndpoint): void {
  assertResourceType(query.type, endpoint);
  assertTimedCount(query.type, query.count, endpoint);
  assertPeriod(query.period, endpoint);
}

/**
 * Fast recover (one-time top-up) has no documented minimum, so only a
 * positive whole count is required; the server rejects what it cannot serve.
 */
export function validateFastRecoverQuery(resourceType: unknown, count: unknown, endpoint: ErrorEndpoint): void {
  assertResourceType(resourceType, endpoint);
  assertPositiveCount(count, endpoint);
}

export function validateFastRecover(request: FastRecoverRequest, endpoint: ErrorEndpoint): void {
  validateAddress(request.address, endpoint);
  validateFastRecoverQuery(request.resourceType, request.count, endpoint);
}

/** An order serial such as EN1700000000123: non-empty, no spaces (a pasted space would only earn a 404). */
export function validateOrderSn(orderSn: unknown, endpoint: ErrorEndpoint): void {
  if (typeof orderSn !== 'string' || !NO_WHITESPACE_TOKEN.test(orderSn)) {
    fail(endpoint, 'errors:api.orderSn');
  }
}

export function validateOrderId(orderId: unknown, endpoint: ErrorEndpoint): void {
  assertPositiveCount(orderId, endpoint, 'errors:api.orderIdPositive');
}
