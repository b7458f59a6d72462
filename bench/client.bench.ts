/**
 * Client overhead: median time of a signed user_info through ApiClient versus
 * a bare undici request of the same signed GET on an identically configured
 * pool, measured interleaved in one run against a loopback service that checks
 * every signature. Also the signer's throughput.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../src/core/api/client.ts';
import { createPool } from '../src/core/api/pool.ts';
import { createSigner } from '../src/core/api/signer.ts';
import { median, report } from './report.ts';

const API_KEY = 'bench-api-key-0123456789';
const SECRET = 'bench-secret-abcdefghijklmnop';
const WARM_UP = 300;
const SAMPLES = 2_000;
const TIMEOUTS = { connectTimeoutMs: 5_000, headersTimeoutMs: 15_000, bodyTimeoutMs: 15_000 };

function startService(): Promise<{ close: () => Promise<void>; port: number }> {
  const server = createServer((req, res) => {
    const ts = String(req.headers['x-timestamp']);
    const expected = createHmac('sha256', SECRET).update(API_KEY + ts).digest('hex');
    const valid = req.headers['x-api-key'] === API_KEY && req.headers['x-signature'] === expected;
    const time = String(Math.floor(Date.now() / 1000));
    const body = valid
      ? { code: 1, msg: 'success', time, data: { balance_trx: '1234.5678', balance_usdt: '56.78' } }
      : { code: 0, msg: 'authentication failed', time, data: null };
    res.writeHead(valid && req.url === '/v2/user_info' ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function signaturesPerSecond(): number {
  const signer = createSigner(API_KEY, SECRET);
  const count = 50_000;
  const started = performance.now();
  for (let i = 0; i < count; i++) signer.sign(1_700_000_000 + i);
  return Math.round(count / ((performance.now() - started) / 1000));
}

export default async function benchClient(): Promise<void> {
  const service = await startService();
  const origin = `http://127.0.0.1:${service.port}`;
  const client = new ApiClient({ baseUrl: `${origin}/v2`, apiKey: API_KEY, secret: SECRET });
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
    await service.close();
  }
}
