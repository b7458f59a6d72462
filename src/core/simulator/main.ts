/**
 * `npm run simulator` (node src/core/simulator/main.ts): runs the simulator
 * until SIGINT or SIGTERM. The first stdout line is the base URL alone, for
 * scripts; the next lines give the credentials to use with it.
 */
import { parseArgs } from 'node:util';
import { trxToSun, unitsToDecimalString } from '../base/money.ts';
import { DEMO_USER, startSimulator } from './index.ts';

const USAGE = `usage: simulator [--port N] [--host H] [--key K] [--secret S] [--trx AMOUNT] [--usdt AMOUNT]
                 [--order-ms MS] [--fast-ms MS] [--clock-offset SECONDS]`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function integerOption(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) fail(`--${name} must be an integer`);
  return Number(text);
}

function amountOption(text: string | undefined, name: string, fallback: bigint): bigint {
  if (text === undefined) return fallback;
  try {
    const units = trxToSun(text);
    if (units < 0n) fail(`--${name} must not be negative`);
    return units;
  } catch {
    return fail(`--${name} must be a decimal amount`);
  }
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      key: { type: 'string', default: DEMO_USER.apiKey },
      secret: { type: 'string', default: DEMO_USER.secret },
      trx: { type: 'string' },
      usdt: { type: 'string' },
      'order-ms': { type: 'string' },
      'fast-ms': { type: 'string' },
      'clock-offset': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const user = {
  apiKey: values.key,
  secret: values.secret,
  trxSun: amountOption(values.trx, 'trx', DEMO_USER.trxSun),
  usdtMicros: amountOption(values.usdt, 'usdt', DEMO_USER.usdtMicros),
};
const sim = await startSimulator({
  host: values.host,
  port: integerOption(values.port, 'port'),
  users: [user],
  timing: {
    timedOrderMs: integerOption(values['order-ms'], 'order-ms'),
    fastRecoverMs: integerOption(values['fast-ms'], 'fast-ms'),
  },
});
sim.setClockOffsetSeconds(integerOption(values['clock-offset'], 'clock-offset') ?? 0);

console.log(sim.baseUrl);
console.log(`api key:    ${user.apiKey}`);
console.log(`api secret: ${user.secret}`);
console.log(`balance:    ${unitsToDecimalString(user.trxSun)} TRX, ${unitsToDecimalString(user.usdtMicros)} USDT`);
console.log('Simulated service, no real money. Ctrl+C stops it.');

const stop = (): void => {
  void sim.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
