import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ForbiddenError,
  InvalidInputError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  RejectedError,
  ServerError,
} from '../../../src/core/api/errors.ts';
import type { ApiError } from '../../../src/core/api/errors.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { exitCodeOf } from '../../../src/cli/failure.ts';
import { msg } from '../../../src/shared/i18n/message.ts';
import { OUTCOME_UNKNOWN_ADVICE } from '../../support/core-words.ts';

const init = { endpoint: 'buy_energy' as const, serverMessage: 'balance not enough' };

describe('ApiError hierarchy', () => {
  it.each<[ApiError, string, number, string]>([
    [new InvalidInputError({ endpoint: 'local', reason: msg('errors:api.countPositive') }), 'invalid_input', 2, 'invalid_input'],
    [new InvalidInputError({ ...init, httpStatus: 400 }), 'invalid_input', 2, 'invalid_input'],
    [new AuthenticationError({ ...init, httpStatus: 401 }), 'authentication', 3, 'authentication'],
    [new ForbiddenError({ ...init, httpStatus: 403 }), 'forbidden', 4, 'insufficient_balance'],
    [new NotFoundError({ ...init, httpStatus: 404 }), 'not_found', 5, 'not_found'],
    [new ServerError({ ...init, httpStatus: 500 }), 'server', 6, 'server'],
    [new NetworkError({ ...init, kind: 'refused', neverLeft: true }), 'network', 6, 'network'],
    [new MalformedResponseError({ ...init, reason: msg('errors:reply.field', { field: 'data.order_sn', problem: msg('errors:reply.unexpectedValue') }) }), 'malformed_response', 6, 'malformed_response'],
    [new RejectedError({ ...init, httpStatus: 200 }), 'rejected', 1, 'rejected'],
  ])('%s → category, exit code and IPC code', (error, category, exitCode, ipcCode) => {
    expect(error.category).toBe(category);
    expect(exitCodeOf(error)).toBe(exitCode);
    expect(toIpcError(error)).toEqual({ code: ipcCode, message: error.message, key: error.key, values: error.values });
    expect(error.key).toMatch(/^errors:api\./);
    expect(error).toBeInstanceOf(Error);
  });

  it("carries the server's msg and the endpoint in a readable message", () => {
    const error = new ForbiddenError({ ...init, httpStatus: 403 });
    expect(error.message).toContain('buying energy');
    expect(error.message).toContain('balance not enough');
    expect(error.message).toContain('HTTP 403');
    expect(error.endpoint).toBe('buy_energy');
    expect(error.name).toBe('ForbiddenError');
  });

  it('marks an unknown outcome in the message and the IPC code', () => {
    const error = new ServerError({ ...init, httpStatus: 500, outcomeUnknown: true });
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toContain(OUTCOME_UNKNOWN_ADVICE);
    expect(toIpcError(error).code).toBe('outcome_unknown');
    expect(new ServerError({ ...init, httpStatus: 500 }).message).not.toContain('may or may not');
  });
});
