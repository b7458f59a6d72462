import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { METHOD_NAMES, type Method } from '../../../src/shared/ipc.ts';
import { dispatch } from '../../../src/core/ipc/dispatch.ts';
import { requestSchemas } from '../../../src/core/ipc/request-schemas.ts';
import type { RequestEvent } from '../../../src/core/api/client.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../support/fake-desktop.ts';

/**
 * Every IPC method gets hostile input: anything fast-check can build,
 * oversized strings, and prototype-pollution keys. Each call must come back
 * as a typed invalid_input result (never a throw), and nothing may reach the
 * API client. Runs against the real AppService in demo mode, so a request that
 * slipped through would really be sent to the in-process simulator.
 */
const pollutionKeys = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'toString', 'hasOwnProperty'];

const hostile = fc.oneof(
  fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }).map((s) => ({ address: s, url: s, id: s, baseUrl: s, apiKey: s, apiSecret: s })),
  fc.constantFrom(...pollutionKeys).chain((key) =>
    fc.anything().map((value) => JSON.parse(`{"${key}": ${JSON.stringify(value ?? null) ?? 'null'}, "polluted": true}`) as unknown),
  ),
  fc.record({ __proto__: fc.record({ polluted: fc.constant(true) }) }, { noNullPrototype: true }),
  fc.array(fc.anything(), { maxLength: 5 }),
);

describe('IPC fuzzing against the real handlers', () => {
  let app: AppOnFakeDesktop;
  const apiRequests: RequestEvent[] = [];
  const totals = { methods: 0, cases: 0, invalidInput: 0, reachedApi: 0 };

  beforeAll(async () => {
    app = await startAppOnFakeDesktop({ onApiRequest: (e) => apiRequests.push(e) });
    await app.service.services.sessions.startDemo();
    // Let the first balance poll and preset quotes settle so only fuzz traffic is counted after.
    await new Promise((r) => setTimeout(r, 500));
  });
  afterAll(async () => {
    await app.service.stop();
    console.log(`fuzz: methods=${totals.methods} cases=${totals.cases} invalid_input=${totals.invalidInput} reached_api=${totals.reachedApi}`);
  });

  it.each(METHOD_NAMES.map((m) => [m]))('%s answers hostile input with invalid_input and sends nothing', async (method: Method) => {
    const before = apiRequests.length;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        fc.pre(!requestSchemas[method].safeParse(value).success);
        checked++;
        totals.cases++;
        const result = await dispatch(app.table, method, value);
        expect(result.ok).toBe(false);
        if (!result.ok) {
          if (result.error.code === 'invalid_input') totals.invalidInput++;
          expect(result.error.code).toBe('invalid_input');
          expect(result.error.message.length).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
    expect(checked).toBeGreaterThan(30);
    // Background polling may run meanwhile; it only ever calls user_info and quotes for presets.
    const sent = apiRequests.slice(before).filter((e) => e.endpoint !== 'user_info' && e.endpoint !== 'query_price' && e.endpoint !== 'query_fast_recover_price');
    totals.methods++;
    totals.reachedApi += sent.length;
    expect(sent).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses unknown and inherited method names', async () => {
    for (const name of ['app:nope', '__proto__', 'constructor', 'hasOwnProperty', 'app:getInfo ', '', 7, null, {}]) {
      const result = await dispatch(app.table, name, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    }
  });
});
