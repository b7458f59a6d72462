import { createHmac } from 'node:crypto';
import { request } from 'undici';
import { DEMO_USER } from '../../../src/core/simulator/index.ts';

/** A minimal signing HTTP caller for the simulator tests, independent of the app's client. */

export const sign = (secret: string, apiKey: string, timestampText: string): string =>
  createHmac('sha256', secret).update(apiKey + timestampText).digest('hex');

export interface CallInput {
  query?: Record<string, string>;
  form?: Record<string, string>;
  /** Override parts of the authentication; `headers: null` sends none. */
  key?: string;
  secret?: string;
  timestamp?: string;
  signature?: string;
  headers?: null;
}

export interface CallOutput {
  status: number;
  text: string;
  body: unknown;
}

export interface Caller {
  (method: string, path: string, input?: CallInput): Promise<CallOutput>;
}

/** A caller signing as `user` with timestamps from `now` (the same clock the simulator uses). */
export function caller(baseUrl: string, user: { apiKey: string; secret: string } = DEMO_USER, now: () => number = Date.now): Caller {
  return async (method, path, input = {}) => {
    const key = input.key ?? user.apiKey;
    const timestamp = input.timestamp ?? String(Math.floor(now() / 1000));
    const signature = input.signature ?? sign(input.secret ?? user.secret, key, timestamp);
    const url = new URL(baseUrl + path);
    for (const [k, v] of Object.entries(input.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> =
      input.headers === null ? {} : { 'x-api-key': key, 'x-timestamp': timestamp, 'x-signature': signature };
    let body: string | undefined;
    if (input.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(input.form).toString();
    }
    const res = await request(url, { method: method as 'GET', headers, body });
    const text = await res.body.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, text, body: parsed };
  };
}

/** A valid TRON address (the USDT contract) and another one. */
export const ADDRESS_A = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const ADDRESS_B = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** A settable fake clock. */
export function fakeClock(start = 1_732_200_000_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}
