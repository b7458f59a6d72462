import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidBaseUrlError, isLoopbackHost, normalizeBaseUrl } from '../../../src/core/settings/base-url.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';

function rejection(input: string): InvalidBaseUrlError {
  try {
    normalizeBaseUrl(input);
  } catch (err) {
    if (err instanceof InvalidBaseUrlError) return err;
    throw err;
  }
  throw new Error(`accepted ${input}`);
}

describe('normalizeBaseUrl', () => {
  it.each([
    ['https://api.example.com/v2', 'https://api.example.com/v2'],
    ['  https://api.example.com/v2///  ', 'https://api.example.com/v2'],
    ['HTTPS://API.Example.COM:443/v2/', 'https://api.example.com/v2'],
    ['https://api.example.com:8443/v2', 'https://api.example.com:8443/v2'],
    ['http://127.0.0.1:4010/v2/', 'http://127.0.0.1:4010/v2'],
    ['http://127.8.9.10/v2', 'http://127.8.9.10/v2'],
    ['http://localhost:3000/v2', 'http://localhost:3000/v2'],
    ['http://[::1]:3000/v2', 'http://[::1]:3000/v2'],
    ['http://127.1/v2', 'http://127.0.0.1/v2'],
  ])('accepts %s as %s', (input, url) => {
    expect(normalizeBaseUrl(input)).toEqual({ url, warnings: [] });
  });

  it('warns (does not fail) when the path does not end in /v2', () => {
    for (const input of ['https://api.example.com', 'https://api.example.com/', 'https://api.example.com/api/v1', 'https://api.example.com/v2/x']) {
      const { url, warnings } = normalizeBaseUrl(input);
      expect(url.endsWith('/')).toBe(false);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toEqual({ key: 'errors:url.noVersion' });
      expect(englishText(warnings[0]!)).toMatch(/\/v2/);
    }
  });

  it.each([
    ['', /Enter the base URL/],
    ['   ', /Enter the base URL/],
    ['api.example.com/v2', /not a valid URL/],
    ['ftp://api.example.com/v2', /must start with https/],
    ['file:///etc/passwd', /must start with https/],
    ['http://api.example.com/v2', /must use https.*only for this computer/],
    ['http://10.0.0.1/v2', /must use https/],
    ['http://[::2]/v2', /must use https/],
    ['http://localhost.example.com/v2', /must use https/],
    ['http://128.0.0.1/v2', /must use https/],
    ['https://user:hunter2pass@api.example.com/v2', /user name or password/],
    ['https://user@api.example.com/v2', /user name or password/],
    ['https://api.example.com/v2?key=abc', /query/],
    ['https://api.example.com/v2#frag', /fragment/],
  ])('rejects %j with a specific message', (input, message) => {
    const err = rejection(input);
    expect(err.message).toMatch(message);
    expect(toIpcError(err)).toEqual({ code: 'invalid_input', message: err.message, key: err.key, values: {} });
    expect(err.key).toMatch(/^errors:url\./);
    expect(err.message).not.toContain('hunter2pass');
  });

  it('is idempotent on everything it accepts', () => {
    const loopback = fc
      .tuple(fc.constantFrom('http', 'https'), fc.constantFrom('localhost', '127.0.0.1', '[::1]', '127.4.5.6'), fc.option(fc.integer({ min: 1, max: 65535 })), fc.webPath())
      .map(([scheme, host, port, path]) => `${scheme}://${host}${port === null ? '' : `:${port}`}${path}`);
    const remote = fc.webUrl({ validSchemes: ['https'] });
    fc.assert(
      fc.property(fc.oneof(loopback, remote), fc.constantFrom('', '/', '//', '/v2', '/v2/'), (base, suffix) => {
        const input = `${base}${suffix}`;
        let once: string;
        try {
          once = normalizeBaseUrl(input).url;
        } catch (err) {
          return err instanceof InvalidBaseUrlError;
        }
        return normalizeBaseUrl(once).url === once && !once.endsWith('/');
      }),
    );
  });

  it('never accepts http on a host outside loopback', () => {
    const ipv4 = fc.ipV4().filter((ip) => !ip.startsWith('127.'));
    const ipv6 = fc.ipV6().filter((ip) => !isLoopbackHost(new URL(`http://[${ip}]/`).hostname)).map((ip) => `[${ip}]`);
    const host = fc.oneof(fc.domain().filter((d) => d !== 'localhost'), ipv4, ipv6);
    fc.assert(
      fc.property(host, fc.webPath(), fc.constantFrom('http', 'HTTP', 'Http'), (h, path, scheme) => {
        try {
          const { url } = normalizeBaseUrl(`${scheme}://${h}${path}`);
          return !url.startsWith('http:');
        } catch (err) {
          return err instanceof InvalidBaseUrlError;
        }
      }),
    );
  });
});
