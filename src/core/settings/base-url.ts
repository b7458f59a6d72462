import { DomainError } from '../base/domain-error.ts';
import { isLoopbackHost } from '../base/http/loopback.ts';

export { isLoopbackHost };

export class InvalidBaseUrlError extends DomainError {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidBaseUrlError';
  }
}

export interface NormalizedBaseUrl {
  url: string;
  warnings: string[];
}

/**
 * The spec leaves the production host to the user; the base address already
 * contains the version segment (…/v2). The API key travels in a header, so
 * plain http is allowed only to this machine (the simulator, a local proxy).
 * Error messages do not echo the input, which could hold a password.
 */
export function normalizeBaseUrl(input: string): NormalizedBaseUrl {
  const text = input.trim();
  if (text === '') throw new InvalidBaseUrlError('Enter the base URL of the service, for example https://api.example.com/v2.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidBaseUrlError('The base URL is not a valid URL: write it in full, starting with https://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidBaseUrlError('The base URL must start with https://.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new InvalidBaseUrlError('The base URL must use https://; plain http:// is allowed only for this computer (localhost, 127.0.0.1, ::1).');
  }
  if (url.username !== '' || url.password !== '') {
    throw new InvalidBaseUrlError('The base URL must not contain a user name or password; enter the API key and secret in their own fields.');
  }
  if (url.search !== '') throw new InvalidBaseUrlError('The base URL must not contain a query (the part after "?").');
  if (url.hash !== '') throw new InvalidBaseUrlError('The base URL must not contain a fragment (the part after "#").');

  const path = url.pathname.replace(/\/+$/, '');
  const normalized = `${url.protocol}//${url.host}${path}`;
  const warnings = path.endsWith('/v2')
    ? []
    : ['The base URL does not end in /v2. The service’s base address normally includes the version segment, e.g. https://api.example.com/v2.'];
  return { url: normalized, warnings };
}
