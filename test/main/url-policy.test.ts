import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allowedExternalUrl, isAllowedExternalUrl, isAllowedNavigation, openCheckedExternal } from '../../src/main/url-policy.ts';

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

describe('the URL handed to the system browser', () => {
  it('is the normalised URL that was checked, never the raw text', async () => {
    expect(allowedExternalUrl('  https://TRONSCAN.org/#/transaction/ab\n')).toBe('https://tronscan.org/#/transaction/ab');
    // A parser that reads "tronscan.org\\" as user info would go to evil.example: what is opened is the text the check parsed.
    expect(allowedExternalUrl('https://tronscan.org\\@evil.example/')).toBe('https://tronscan.org/@evil.example/');
    const opened: string[] = [];
    const open = async (url: string): Promise<void> => void opened.push(url);
    expect(await openCheckedExternal('https://www.tronscan.org/a b', open)).toBe(true);
    expect(await openCheckedExternal('https://evil.example/', open)).toBe(false);
    expect(opened).toEqual(['https://www.tronscan.org/a%20b']);
  });

  it('opens only what it checked (property): the opened URL is itself allowed and parses to itself', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom('https://tronscan.org/#/x', ' https://TRONSCAN.ORG/y ')), async (raw) => {
        const opened: string[] = [];
        await openCheckedExternal(raw, async (u) => void opened.push(u));
        for (const url of opened) {
          expect(isAllowedExternalUrl(url)).toBe(true);
          expect(new URL(url).href).toBe(url);
        }
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
