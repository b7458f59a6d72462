/**
 * Client overhead: median time of a signed user_info through ApiClient versus
 * the same signed GET sent with undici's bare dispatch API (what the client
 * itself is built on: no request() streams, a minimal handler) on an
 * identically configured pool, its body read and JSON.parse'd, measured
 * interleaved in one run against the simulator in its own process (which
 * checks every signature). The client's extra: the deadline, exact numbers,
 * the envelope and data checks, money in SUN. Also the signer's throughput.
 */
import { createHmac } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { ApiClient } from '../src/core/api/client.ts';
import { createPool } from '../src/core/base/http/pool.ts';
import { createSigner } from '../src/core/api/signer.ts';
import { median, report } from './report.ts';
import { BENCH_USER, startSimulatorProcess } from './sim-process.ts';

const API_KEY = BENCH_USER.apiKey;
const SECRET = BENCH_USER.secret;
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
  const sim = await startSimulatorProcess();
  const { origin } = new URL(sim.baseUrl);
  const client = new ApiClient({ baseUrl: sim.baseUrl, apiKey: API_KEY, secret: SECRET });
  const pool = createPool(origin, TIMEOUTS);

  const viaClient = async (): Promise<void> => {
    await client.userInfo();
  };
  const bare = async (): Promise<void> => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', SECRET).update(API_KEY + timestamp).digest('hex');
    const headers = { accept: 'application/json', 'x-api-key': API_KEY, 'x-timestamp': timestamp, 'x-signature': signature };
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      let status = 0;
      const chunks: Buffer[] = [];
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart: () => undefined,
        onResponseStart: (_controller, statusCode) => {
          status = statusCode;
        },
        onResponseData: (_controller, chunk) => void chunks.push(chunk),
        onResponseEnd: () => resolve({ status, text: Buffer.concat(chunks).toString('utf8') }),
        onResponseError: (_controller, err) => reject(err),
      };
      pool.dispatch({ path: '/v2/user_info', method: 'GET', headers }, handler);
    });
    // The least any caller does with a JSON answer: parse it.
    if (status !== 200 || typeof JSON.parse(text) !== 'object') throw new Error(`bare request failed: ${status}`);
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
    report('client_overhead_ratio', clientMedian / bareMedian, '<= 1.10');
    report('client_user_info_median_us', Math.round(clientMedian * 1000));
    report('bare_undici_median_us', Math.round(bareMedian * 1000));
    report('signatures_per_second', signaturesPerSecond());
  } finally {
    await client.close();
    await pool.close();
    await sim.close();
  }
}
