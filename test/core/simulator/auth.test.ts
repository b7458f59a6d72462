import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../src/core/simulator/index.ts';
import { DEMO_USER, startSimulator } from '../../../src/core/simulator/index.ts';
import * as shape from './shapes.ts';
import { ADDRESS_A, caller, fakeClock, sign } from './sim-http.ts';

const clock = fakeClock();
let sim: Simulator;
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(sim.baseUrl, DEMO_USER, clock.now)(...args);
const nowSeconds = (): number => Math.floor(clock.now() / 1000);

beforeAll(async () => {
  sim = await startSimulator({ now: clock.now });
});
afterAll(() => sim.close());

async function expect401(out: Promise<{ status: number; body: unknown }>): Promise<string> {
  const { status, body } = await out;
  expect(status).toBe(401);
  return shape.errorEnvelope.parse(body).msg;
}

describe('simulator authentication (spec section 5)', () => {
  it('rejects a wrong signature, and does not process the request', async () => {
    const before = sim.balanceOf(DEMO_USER.apiKey).trxSun;
    await expect401(call('POST', '/buy_energy', { form: { address: ADDRESS_A, count: '65000', period: '1h' }, secret: 'wrong' }));
    expect(sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(before);
  });

  it('rejects an upper-case hex signature (the rule says lower-case)', async () => {
    const ts = String(nowSeconds());
    await expect401(call('GET', '/user_info', { timestamp: ts, signature: sign(DEMO_USER.secret, DEMO_USER.apiKey, ts).toUpperCase() }));
  });

  it('rejects a signature made for another timestamp', async () => {
    const ts = nowSeconds();
    await expect401(call('GET', '/user_info', { timestamp: String(ts), signature: sign(DEMO_USER.secret, DEMO_USER.apiKey, String(ts - 1)) }));
  });

  it('rejects an unknown api key, even when signed consistently', async () => {
    await expect401(call('GET', '/user_info', { key: 'nobody', secret: 'whatever' }));
  });

  it('rejects missing headers', async () => {
    await expect401(call('GET', '/user_info', { headers: null }));
  });

  it('rejects a non-numeric timestamp', async () => {
    await expect401(call('GET', '/user_info', { timestamp: '12.5' }));
  });

  it('accepts timestamps up to 300 s either way and rejects anything further (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1000, max: 1000 }), async (delta) => {
        const out = await call('GET', '/user_info', { timestamp: String(nowSeconds() + delta) });
        expect(out.status).toBe(Math.abs(delta) <= 300 ? 200 : 401);
      }),
      { numRuns: 60, examples: [[300], [-300], [301], [-301]] },
    );
  });

  it('measures skew against the server clock (now + offset) and reports that clock in `time`', async () => {
    sim.setClockOffsetSeconds(600);
    try {
      const out = await call('GET', '/user_info');
      expect(out.status).toBe(401);
      expect(Number(shape.errorEnvelope.parse(out.body).time)).toBe(nowSeconds() + 600);
      const corrected = await call('GET', '/user_info', { timestamp: String(nowSeconds() + 600) });
      expect(corrected.status).toBe(200);
      expect(Number(shape.successEnvelope(shape.userInfo).parse(corrected.body).time)).toBe(nowSeconds() + 600);
    } finally {
      sim.setClockOffsetSeconds(0);
    }
  });

  it('never logs the secret', async () => {
    await call('GET', '/user_info');
    expect(JSON.stringify(sim.requests)).not.toContain(DEMO_USER.secret);
  });
});
