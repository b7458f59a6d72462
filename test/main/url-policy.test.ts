import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isAllowedExternalUrl, isAllowedNavigation } from '../../src/main/url-policy.ts';

describe('external links', () => {
  it('allows https links to the block explorer', () => {
    expect(isAllowedExternalUrl('https://tronscan.org/#/transaction/abc123')).toBe(true);
  });

  it.each([
    'http://tronscan.org/#/transaction/abc',
    'https://tronscan.org.evil.example/',
    'https://evil.example/?https://tronscan.org',
    'https://user:pass@tronscan.org/',
    'https://tronscan.org:8443/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });

  it('refuses every URL whose host is not on the allowlist', () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        const host = new URL(url).hostname;
        fc.pre(host !== 'tronscan.org' && host !== 'www.tronscan.org');
        return !isAllowedExternalUrl(url);
      }),
    );
  });
});

describe('navigation', () => {
  const current = 'file:///app/out/renderer/index.html';
  it('refuses navigation to other origins and pages', () => {
    expect(isAllowedNavigation('https://example.com/', current)).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd', current)).toBe(false);
    expect(isAllowedNavigation('garbage', current)).toBe(false);
  });

  it('allows a hash change on the page already loaded', () => {
    const app = 'http://127.0.0.1:5173/index.html';
    expect(isAllowedNavigation('http://127.0.0.1:5173/index.html#/orders', app)).toBe(true);
    expect(isAllowedNavigation('http://127.0.0.1:5174/index.html', app)).toBe(false);
    expect(isAllowedNavigation('app://bundle/index.html#/orders', 'app://bundle/index.html')).toBe(true);
    expect(isAllowedNavigation('app://evil/index.html', 'app://bundle/index.html')).toBe(false);
  });
});
