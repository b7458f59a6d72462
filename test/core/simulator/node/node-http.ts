import { request } from 'undici';
import { hexOfAddress } from '../../../../src/core/simulator/node/address-codec.ts';
import { HOLDER, startNode, STRANGER, T0, WALLET } from '../../chain/node-harness.ts';

/**
 * Raw HTTP to the node simulator, independent of any TRON client. The quiet
 * node is the chain client tests' (node-harness.ts): WALLET (12 TRX, 5 USDT,
 * 100,000 energy staked) and HOLDER (1 TRX, a little USDT), nothing spending,
 * the clock standing at T0; closed after each test.
 */

export { HOLDER, STRANGER, T0, WALLET };
export const quietNode = startNode;
export const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const hex = hexOfAddress;

export interface Answer {
  status: number;
  text: string;
  json: unknown;
}

export interface CallInput {
  method?: 'GET' | 'POST' | 'PUT';
  /** A JSON body (an object is serialised; a string is sent as is). */
  body?: object | string;
  form?: Record<string, string>;
  query?: Record<string, string>;
}

export async function call(node: { baseUrl: string }, path: string, input: CallInput = {}): Promise<Answer> {
  const query = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const method = input.method ?? (input.query ? 'GET' : 'POST');
  let body: string | undefined;
  const headers: Record<string, string> = {};
  if (input.form) {
    body = new URLSearchParams(input.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (input.body !== undefined) {
    body = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
    headers['content-type'] = 'application/json';
  }
  const res = await request(`${node.baseUrl}${path}${query}`, { method, body, headers });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, text, json };
}

/** The "Error" text of a {"Error": …} reply. */
export const errorOf = (answer: Answer): string | undefined => (answer.json as { Error?: string } | undefined)?.Error;
