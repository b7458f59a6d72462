/**
 * Client overhead: median time of a signed user_info through ApiClient versus
 * a bare undici request of the same signed GET on an identically configured
 * pool, measured interleaved in one run against the simulator on loopback
 * (which checks every signature). Also the signer's throughput.
 */
import { createHmac } from 'node:crypto';
import { ApiClient } from '../src/core/api/client.ts';
import { createPool } from '../src/core/base/http/pool.ts';
import { createSigner } from '../src/core/api/signer.ts';
import { startSimulator } from '../src/core/simulator/index.ts';
import { median, report } from './report.ts';

const API_KEY = 'bench-api-key-0123456789';
const SECRET = 'bench-secret-abcdefghijklmnop';
const WARM_UP = 300;
const SAMPLES = 2_000;
const TIMEOUTS = { connectTimeoutMs: 5_000, headersTimeoutMs: 15_000, bodyTimeoutMs: 15_000 };

function signaturesPerSecond(): number {
  const signer = createSigner(API_KEY, SECRET);
  const count = 50_000;
  const started = performance.now();
  for (let i = 0; i < count; i++) signer.sign(1_700_000_000 + i);
  return Math.round(count / ((performance.now() - started) / 1000));
}

export default async function benchClient(): Promise<void> {
  // The log would grow by one record per call; the bench needs none of it.
  const sim = await startSimulator({ users: [{ apiKey: API_KEY, secret: SECRET, trxSun: 1_234_567_800n, usdtMicros: 56_780_000n }], requestLogLimit: 1 });
  const { origin } = new URL(sim.baseUrl);
  const client = new ApiClient({ baseUrl: sim.baseUrl, apiKey: API_KEY, secret: SECRET });
  const pool = createPool(origin, TIMEOUTS);

  const viaClient = async (): Promise<void> => {
    await client.userInfo();
  };
  const bare = async (): Promise<void> => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', SECRET).update(API_KEY + timestamp).digest('hex');
    const res = await pool.request({
      path: '/v2/user_info',
      method: 'GET',
      headers: { accept: 'application/json', 'x-api-key': API_KEY, 'x-timestamp': timestamp, 'x-signature': signature },
    });
    const text = await res.body.text();
    if (res.statusCode !== 200 || text.length === 0) throw new Error(`bare request failed: ${res.statusCode}`);
  };
  const time = async (fn: () => Promise<void>): Promise<number> => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };

  try {
    for (let i = 0; i < WARM_UP; i++) {
      await viaClient();
      await bare();
    }
    const clientTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      // Alternate which goes first so that neither always follows the other.
      if (i % 2 === 0) {
        clientTimes.push(await time(viaClient));
        bareTimes.push(await time(bare));
      } else {
        bareTimes.push(await time(bare));
        clientTimes.push(await time(viaClient));
      }
    }
    const clientMedian = median(clientTimes);
    const bareMedian = median(bareTimes);
    report('client_overhead_ratio', clientMedian / bareMedian, '<= 1.15');
    report('client_user_info_median_us', Math.round(clientMedian * 1000));
    report('bare_undici_median_us', Math.round(bareMedian * 1000));
    report('signatures_per_second', signaturesPerSecond());
  } finally {
    await client.close();
    await pool.close();
    await sim.close();
  }
}
