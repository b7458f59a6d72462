import { msg } from '../../shared/i18n/message.ts';
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
  if (text === '') throw invalidInput(msg('errors:nodeUrl.empty', { example: DEFAULT_NODE_URL }));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidInput(msg('errors:nodeUrl.invalid'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidInput(msg('errors:nodeUrl.scheme'));
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalidInput(msg('errors:nodeUrl.plainHttp'));
  }
  if (url.username !== '' || url.password !== '') {
    throw invalidInput(msg('errors:nodeUrl.credentials'));
  }
  if (url.search !== '' || url.hash !== '') {
    throw invalidInput(msg('errors:nodeUrl.queryOrFragment'));
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/wallet$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
