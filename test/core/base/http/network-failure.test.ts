import { describe, expect, it } from 'vitest';
import { errors } from 'undici';
import { classifyNetworkFailure } from '../../../../src/core/base/http/network-failure.ts';

const withCode = (code: string): Error => Object.assign(new Error(code), { code });

describe('classifyNetworkFailure', () => {
  it.each([
    [withCode('ECONNREFUSED'), 'refused'],
    [withCode('ENOTFOUND'), 'dns'],
    [withCode('EAI_AGAIN'), 'dns'],
    [new errors.ConnectTimeoutError(), 'connect_timeout'],
    [withCode('EHOSTUNREACH'), 'unreachable'],
  ] as const)('%s proves the request never left', (err, kind) => {
    expect(classifyNetworkFailure(err)).toEqual({ kind, neverLeft: true });
  });

  it.each([
    [new errors.HeadersTimeoutError(), 'timeout'],
    [new errors.BodyTimeoutError(), 'timeout'],
    [new errors.SocketError('other side closed'), 'reset'],
    [withCode('ECONNRESET'), 'reset'],
    [new errors.RequestAbortedError(), 'cancelled'],
    [new DOMException('aborted', 'AbortError'), 'cancelled'],
    [new Error('something else'), 'other'],
    ['not even an error', 'other'],
  ] as const)('%s leaves the outcome unknown', (err, kind) => {
    expect(classifyNetworkFailure(err)).toEqual({ kind, neverLeft: false });
  });

  it('treats a happy-eyeballs AggregateError as never-left only when every connect failed', () => {
    const refusedTwice = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]);
    expect(classifyNetworkFailure(refusedTwice).neverLeft).toBe(true);
    const mixed = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNRESET')]);
    expect(classifyNetworkFailure(mixed).neverLeft).toBe(false);
  });

  it('looks through a wrapping cause', () => {
    expect(classifyNetworkFailure(new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') }))).toEqual({
      kind: 'refused',
      neverLeft: true,
    });
  });
});
