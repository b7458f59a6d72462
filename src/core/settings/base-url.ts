import { msg, type Message, type MessageKey } from '../../shared/i18n/message.ts';
import { DomainError } from '../base/domain-error.ts';
import { isLoopbackHost } from '../base/http/loopback.ts';

export { isLoopbackHost };

export class InvalidBaseUrlError extends DomainError {
  constructor(key: MessageKey) {
    super(msg(key));
    this.name = 'InvalidBaseUrlError';
  }
}

export interface NormalizedBaseUrl {
  url: string;
  warnings: Message[];
}

/**
 * The spec leaves the production host to the user; the base address already
 * contains the version segment (…/v2). The API key travels in a header, so
 * plain http is allowed only to this machine (the simulator, a local proxy).
 * Error messages do not echo the input, which could hold a password.
 */
export function normalizeBaseUrl(input: string): NormalizedBaseUrl {
  const text = input.trim();
  if (text === '') throw new InvalidBaseUrlError('errors:url.empty');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidBaseUrlError('errors:url.invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidBaseUrlError('errors:url.scheme');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new InvalidBaseUrlError('errors:url.plainHttp');
  }
  if (url.username !== '' || url.password !== '') {
    throw new InvalidBaseUrlError('errors:url.credentials');
  }
  if (url.search !== '') throw new InvalidBaseUrlError('errors:url.query');
  if (url.hash !== '') throw new InvalidBaseUrlError('errors:url.fragment');

  const path = url.pathname.replace(/\/+$/, '');
  const normalized = `${url.protocol}//${url.host}${path}`;
  const warnings = path.endsWith('/v2') ? [] : [msg('errors:url.noVersion')];
  return { url: normalized, warnings };
}
