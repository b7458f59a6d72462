import { isLoopbackHost } from '../base/http/loopback.ts';
import { invalidInput } from './errors.ts';

/** The public TronGrid full node; any TronGrid-compatible provider or own node works too. */
export const DEFAULT_NODE_URL = 'https://api.trongrid.io';

/**
 * Checks and normalises a node URL by the rules of the service's base URL
 * (settings/base-url.ts): https, or plain http only to this computer, since
 * the provider key travels in a header; no credentials, query or fragment in
 * the URL. A path prefix is kept (some providers put the key in the path).
 * Messages never echo the input, which could hold a key.
 */
export function normalizeNodeUrl(input: string): string {
  const text = input.trim();
  if (text === '') throw invalidInput(`enter the TRON node URL, for example ${DEFAULT_NODE_URL}.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidInput('the TRON node URL is not a valid URL: write it in full, starting with https://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidInput('the TRON node URL must start with https://.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalidInput('the TRON node URL must use https://; plain http:// is allowed only for this computer (localhost, 127.0.0.1, ::1).');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalidInput('the TRON node URL must not contain a user name or password; enter the provider key in its own field.');
  }
  if (url.search !== '' || url.hash !== '') {
    throw invalidInput('the TRON node URL must not contain a query or fragment (the part after "?" or "#").');
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/wallet$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
