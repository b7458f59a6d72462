// The service simulator in a process of its own, for load and throughput
// figures (bench/sim-process.ts starts it): options as JSON in argv[2],
// the base URL on the first stdout line; it ends when stdin closes.
import { startSimulator } from '../src/core/simulator/index.ts';

interface ProcessOptions {
  users: Array<{ apiKey: string; secret: string; trxSun: string; usdtMicros: string }>;
  timing?: { timedOrderMs?: number; fastRecoverMs?: number };
  requestLogLimit?: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as ProcessOptions;
const sim = await startSimulator({
  users: options.users.map((u) => ({ ...u, trxSun: BigInt(u.trxSun), usdtMicros: BigInt(u.usdtMicros) })),
  ...(options.timing ? { timing: options.timing } : {}),
  ...(options.requestLogLimit === undefined ? {} : { requestLogLimit: options.requestLogLimit }),
});
process.stdout.write(`${sim.baseUrl}\n`);
process.stdin.resume();
process.stdin.on('end', () => void sim.close().then(() => process.exit(0)));
