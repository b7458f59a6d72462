/**
 * `npm run simulator` (node src/core/simulator/main.ts): runs the simulator
 * until SIGINT or SIGTERM. The first stdout line is the base URL alone, for
 * scripts; the next lines give the credentials to use with it, then the
 * linked TRON node simulator's URL and its demo wallets.
 */
import { parseArgs } from 'node:util';
import { trxToSun, unitsToDecimalString } from '../base/money.ts';
import { DEMO_USER, startSimulator } from './index.ts';
import { DEMO_WALLET_ADDRESSES } from './node/demo-chain.ts';
import { startNodeSimulator } from './node/node-simulator.ts';

const USAGE = `usage: simulator [--port N] [--host H] [--key K] [--secret S] [--trx AMOUNT] [--usdt AMOUNT]
                 [--order-ms MS] [--fast-ms MS] [--clock-offset SECONDS] [--node-port N]
                 [--energy-fee SUN] [--bandwidth-fee SUN] [--energy-factor N]`;

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
      'node-port': { type: 'string' },
      'energy-fee': { type: 'string' },
      'bandwidth-fee': { type: 'string' },
      'energy-factor': { type: 'string' },
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
const host = values.host;
const port = integerOption(values.port, 'port');

/** One line for the usual reasons a port cannot be listened on, instead of a stack trace. */
function listenProblem(err: unknown, port: number | undefined, flag: string): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return (
      `Port ${port ?? ''} on ${host} is already in use (another simulator?): ` +
      `stop that program or pass ${flag} N (${flag} 0 picks a free one).`
    );
  if (code === 'EACCES') return `No permission to listen on ${host}:${port ?? ''}: pick a port above 1023 with ${flag} N.`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this computer: pass --host 127.0.0.1 or another local address.`;
  return undefined;
}

let sim;
try {
  sim = await startSimulator({
    host,
    port,
    users: [user],
    timing: {
      timedOrderMs: integerOption(values['order-ms'], 'order-ms'),
      fastRecoverMs: integerOption(values['fast-ms'], 'fast-ms'),
    },
  });
} catch (err) {
  const problem = listenProblem(err, port, '--port');
  if (problem === undefined) throw err;
  console.error(problem);
  process.exit(1);
}
sim.setClockOffsetSeconds(integerOption(values['clock-offset'], 'clock-offset') ?? 0);
// The TRON node simulator, on the next port by default, shares the clock and hears of every delegation.
const servicePort = Number(new URL(sim.baseUrl).port);
const nodePort = integerOption(values['node-port'], 'node-port') ?? (values.port === '0' ? 0 : servicePort + 1);
/** A chain option that must be a whole number of at least 0 (SUN, or the contract's energy_factor in ten-thousandths). */
function chainOption(text: string | undefined, name: string): bigint | undefined {
  const value = integerOption(text, name);
  if (value !== undefined && value < 0) fail(`--${name} must not be negative`);
  return value === undefined ? undefined : BigInt(value);
}
const fees = {
  energyFeeSun: chainOption(values['energy-fee'], 'energy-fee'),
  transactionFeeSun: chainOption(values['bandwidth-fee'], 'bandwidth-fee'),
};
const energyFactor = chainOption(values['energy-factor'], 'energy-factor');
let node;
try {
  node = await startNodeSimulator({
    host: values.host,
    port: nodePort,
    delegations: sim.delegations,
    params: Object.fromEntries(Object.entries(fees).filter(([, v]) => v !== undefined)),
    energy: energyFactor === undefined ? {} : { energyFactor },
  });
} catch (err) {
  const problem = listenProblem(err, nodePort, '--node-port');
  if (problem === undefined) throw err;
  console.error(problem);
  await sim.close();
  process.exit(1);
}

console.log(sim.baseUrl);
console.log(`api key:    ${user.apiKey}`);
console.log(`api secret: ${user.secret}`);
console.log(`balance:    ${unitsToDecimalString(user.trxSun)} TRX, ${unitsToDecimalString(user.usdtMicros)} USDT`);
console.log(`TRON node:  ${node.baseUrl}`);
console.log(`wallets:    payroll ${DEMO_WALLET_ADDRESSES.payroll}, shop ${DEMO_WALLET_ADDRESSES.shop}`);
console.log('Simulated service, no real money. Ctrl+C stops it.');

const stop = (): void => {
  void Promise.all([sim.close(), node.close()]).then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
