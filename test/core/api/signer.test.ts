import { InvariantError } from '../../../src/core/base/domain-error.ts';
import { inspect } from 'node:util';
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSigner } from '../../../src/core/api/signer.ts';

// An HMAC computed through WebCrypto, independently of the signer's node:crypto call.
async function webCryptoHmacHex(secret: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await webcrypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await webcrypto.subtle.sign('HMAC', key, enc.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('createSigner', () => {
  it('signs apiKey + timestamp text with the secret as lower-case hex (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.integer({ min: 0, max: 4_102_444_800 }),
        async (apiKey, secret, ts) => {
          const signed = createSigner(apiKey, secret).sign(ts);
          expect(signed.timestamp).toBe(String(ts));
          expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);
          expect(signed.signature).toBe(await webCryptoHmacHex(secret, apiKey + String(ts)));
        },
      ),
    );
  });

  it('keeps the secret out of inspect, JSON and own properties', () => {
    const secret = 'super-secret-value-123';
    const signer = createSigner('my-key', secret);
    expect(inspect(signer, { showHidden: true, depth: 10 })).toBe('[Signer]');
    expect(JSON.stringify({ signer })).toBe('{"signer":"[Signer]"}');
    expect(Object.values(signer).some((v) => typeof v === 'string' && v.includes(secret))).toBe(false);
    expect(Object.getOwnPropertyNames(signer)).not.toContain('secret');
  });

  it('redacts the secret and the API key from text', () => {
    const signer = createSigner('my-key-123', 's3cr3t');
    expect(signer.redact('bad key my-key-123 with s3cr3t!')).toBe('bad key [redacted] with [redacted]!');
  });

  it('refuses empty credentials and non-integer timestamps', () => {
    // Bugs of the caller (the client checks its input first): a code for the log, never shown to a person.
    expect(() => createSigner('', 'x')).toThrow(new InvariantError('signer-empty-credentials'));
    expect(() => createSigner('k', '')).toThrow(InvariantError);
    expect(() => createSigner('k', 's').sign(1.5)).toThrow(/signer-bad-timestamp/);
    expect(() => createSigner('k', 's').sign(-1)).toThrow(InvariantError);
  });
});
