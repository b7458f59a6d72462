import { ORDER_SN_PATTERN } from './order-progress.ts';
import type { ResourceKind } from './state.ts';
import { isTronAddress } from './tron-address.ts';

/** An error answer: the HTTP status of spec section 7 and the envelope's msg. */
export class SimError extends Error {
  override readonly name = 'SimError';
  readonly status: number;

  constructor(status: number, msg: string) {
    super(msg);
    this.status = status;
  }
}

export type Params = Readonly<Record<string, string>>;

const invalid = (msg: string): SimError => new SimError(400, msg);

export function requireParam(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw invalid(`missing parameter: ${name}`);
  return value;
}

/** A positive decimal integer without sign, exponent or fraction. */
function positiveInteger(params: Params, name: string, what: string): number {
  const text = requireParam(params, name);
  const value = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value <= 0) throw invalid(`invalid ${what}`);
  return value;
}

export const parseCount = (params: Params): number => positiveInteger(params, 'count', 'count');

export function parseKind(params: Params, name: 'type' | 'resource_type'): ResourceKind {
  const text = requireParam(params, name);
  if (text !== 'energy' && text !== 'net') throw invalid(`invalid ${name}`);
  return text;
}

export function parseAddress(params: Params): string {
  const text = requireParam(params, 'address');
  if (!isTronAddress(text)) throw invalid('invalid address format');
  return text;
}

export function parseOrderSn(params: Params): string {
  const text = requireParam(params, 'order_sn');
  if (!ORDER_SN_PATTERN.test(text)) throw invalid('invalid order number');
  return text;
}

export const parseOrderId = (params: Params): number => positiveInteger(params, 'order_id', 'order id');
