/**
 * Issue 13: the simulator's own throughput (in its own process) at
 * concurrency 16, signed user_info requests, with a request log far from full
 * and with a full one (its default 100,000 records): the log is a ring, so a
 * full log must not slow requests down. Two simulator processes, one filled
 * first, measured in alternating bursts so that both see the same machine.
 */
import { createHmac } from 'node:crypto';
import { Pool, type Dispatcher } from 'undici';
import { median, report } from './report.ts';
import { BENCH_USER, startSimulatorProcess } from './sim-process.ts';

const CONCURRENCY = 16;
const LOG_LIMIT = 100_000;
const BURST = 1_500;
const ROUNDS = 16;

function userInfo(pool: Pool): Promise<void> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', BENCH_USER.secret).update(BENCH_USER.apiKey + timestamp).digest('hex');
  const headers = { accept: 'application/json', 'x-api-key': BENCH_USER.apiKey, 'x-timestamp': timestamp, 'x-signature': signature };
  return new Promise((resolve, reject) => {
    let status = 0;
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: () => undefined,
      onResponseStart: (_controller, statusCode) => {
        status = statusCode;
      },
      onResponseData: () => undefined,
      onResponseEnd: () => (status === 200 ? resolve() : reject(new Error(`user_info answered ${status}`))),
      onResponseError: (_controller, err) => reject(err),
    };
    pool.dispatch({ path: '/v2/user_info', method: 'GET', headers }, handler);
  });
}

/** Sends `count` requests from CONCURRENCY workers; returns requests per second. */
async function burst(pool: Pool, count: number): Promise<number> {
  let left = count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left > 0) {
        left--;
        await userInfo(pool);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export default async function simulatorBench(): Promise<void> {
  const [filling, full] = await Promise.all([startSimulatorProcess({ requestLogLimit: LOG_LIMIT }), startSimulatorProcess({ requestLogLimit: LOG_LIMIT })]);
  const pools = [filling, full].map((sim) => new Pool(new URL(sim.baseUrl).origin, { connections: CONCURRENCY, pipelining: 1 }));
  const [fillingPool, fullPool] = pools as [Pool, Pool];
  try {
    await burst(fillingPool, 40_000); // warm-up: connections, JIT (the log then holds 40,000 records)
    await burst(fullPool, LOG_LIMIT + 10_000); // full: every later request overwrites the oldest record
    const rates = { filling: [] as number[], full: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['filling', 'full'] as const) : (['full', 'filling'] as const);
      for (const which of order) rates[which].push(await burst(which === 'full' ? fullPool : fillingPool, BURST));
    }
    // The filling log ends at 64,000 of 100,000 records: never full.
    report('simulator_user_info_per_s_empty_log', Math.round(median(rates.filling)));
    report('simulator_user_info_per_s_full_log', Math.round(median(rates.full)));
    report('simulator_full_log_throughput_ratio', median(rates.full) / median(rates.filling), '>= 0.8');
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    await Promise.all([filling.close(), full.close()]);
  }
}
