import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dispatch } from '../../../src/core/ipc/dispatch.ts';
import type { HandlerTable } from '../../../src/core/ipc/handler-table.ts';
import { METHOD_NAMES } from '../../../src/shared/ipc.ts';

const info = { name: 'Energy Tray', version: '0.0.1', platform: 'linux' };

/** Every method records its call; getInfo answers. */
function table(calls: string[], fail?: Error): HandlerTable {
  const entries = METHOD_NAMES.map((method) => [
    method,
    async () => {
      calls.push(method === 'app:getInfo' ? 'getInfo' : method);
      if (fail) throw fail;
      return info;
    },
  ]);
  return Object.fromEntries(entries) as HandlerTable;
}

describe('dispatch', () => {
  it('runs the handler for a valid request', async () => {
    const calls: string[] = [];
    expect(await dispatch(table(calls), 'app:getInfo', {})).toEqual({ ok: true, value: info });
    expect(calls).toEqual(['getInfo']);
  });

  it('refuses unknown methods, including prototype keys', async () => {
    const calls: string[] = [];
    for (const name of ['app:nope', 'constructor', '__proto__', 'toString', 42, null]) {
      const result = await dispatch(table(calls), name, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    }
    expect(calls).toEqual([]);
  });

  it('turns arbitrary input into invalid_input without reaching the handler', async () => {
    const calls: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.anything().filter((v) => !(typeof v === 'object' && v !== null && Object.keys(v).length === 0 && !Array.isArray(v))), async (value) => {
        const result = await dispatch(table(calls), 'app:getInfo', value);
        return result.ok === false && result.error.code === 'invalid_input';
      }),
    );
    expect(calls).toEqual([]);
  });

  it('hides unexpected error messages from the renderer', async () => {
    const result = await dispatch(table([], new Error('/home/user/secret path')), 'app:getInfo', {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('internal');
      expect(result.error.message).not.toContain('secret');
    }
  });
});
