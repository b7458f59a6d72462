import { createHmac } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../src/core/simulator/node/node-simulator.ts';
import { canaryUser } from './fixture.ts';
import { startDaemonWorld, type DaemonChild } from './daemon-fixture.ts';
import { freePort, startAlertReceivers, type Received } from './daemon-ops-fakes.ts';
import { ADDRESS, runCli, tempUserData } from './run-cli.ts';
import { spawn } from 'node:child_process';
import { childEnv, MAIN } from './run-cli.ts';

/**
 * The daemon as a service people run (issue 26), as a child process against
 * the service and node simulators: set up from a --config file, /metrics and
 * /readyz scraped, alerts to a local webhook receiver, a fake ntfy (answering
 * 500 at first) and a fake Telegram API, SIGHUP with an invalid file, and
 * canaries in every secret. Prints the summary line of npm test.
 */
const user = canaryUser();
const canaries = { hook: `canary-hook-${crypto.randomUUID()}`, ntfy: `canary-ntfy-${crypto.randomUUID()}`, telegram: `canary-tg-${crypto.randomUUID()}` };
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

function configText(o: { sim: string; node: string; receivers: string; metricsPort: number; lowBalanceTrx: string }): string {
  return `# Energy Tray daemon
[profile]
name = "Server"
base_url = "${o.sim}"

[node]
url = "${o.node}"

[limits]
daily_limit_trx = "100"
low_balance_trx = "${o.lowBalanceTrx}"
poll_interval_seconds = 15

[[wallets]]
label = "Payroll"
address = "${ADDRESS}"

[[rules]]
name = "Keep payroll going"
wallet = "Payroll"
keep_transfers = 1
top_up_transfers = 2
daily_cap_trx = "20"

[metrics]
listen = "127.0.0.1:${o.metricsPort}"

[alerts]
down_minutes = 0.05

[alerts.webhook]
url = "${o.receivers}/hook"
secret = { env = "HOOK_SECRET" }

[alerts.ntfy]
url = "${o.receivers}/ntfy/energy"
token = { env = "NTFY_TOKEN" }

[alerts.telegram]
chat_id = "42"
token = { credential = "telegram-token" }
api_url = "${o.receivers}/tg"
`;
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 40_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function get(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

const metricValue = (text: string, name: string, labels = ''): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels === '' ? ' ' : `{${labels}} `}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('the daemon as a service: --config, metrics, readiness, alerts', () => {
  let sim: Simulator;
  let node: NodeSimulator;
  let data: { dir: string; remove(): Promise<void> };
  let receivers: Awaited<ReturnType<typeof startAlertReceivers>>;
  let credentials: string;
  let configFile: string;
  const outputs: string[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ users: [user], timing: { timedOrderMs: 150, fastRecoverMs: 150, reclaimMs: 150 } });
    node = await startNodeSimulator({ delegations: sim.delegations, wallets: [{ address: ADDRESS, trxSun: 50_000_000n }], spending: null });
    data = await tempUserData();
    receivers = await startAlertReceivers(2);
    credentials = await mkdtemp(join(tmpdir(), 'energy-tray-creds-'));
    await writeFile(join(credentials, 'telegram-token'), canaries.telegram);
    configFile = join(data.dir, 'daemon.toml');
  });
  afterAll(async () => {
    await receivers.close();
    await node.close();
    await sim.close().catch(() => undefined);
    await rm(credentials, { recursive: true, force: true });
    await data.remove();
  });

  it('refuses a file its group can write, and names the line of a bad value', async () => {
    const env = { ENERGY_TRAY_USER_DATA: data.dir, ...NO_KEYCHAIN, ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret };
    const text = configText({ sim: sim.baseUrl, node: node.baseUrl, receivers: receivers.url, metricsPort: 9, lowBalanceTrx: '10' });
    await writeFile(configFile, text, { mode: 0o620 });
    await chmod(configFile, 0o620);
    const writable = await runCli(['daemon', '--config', configFile, '--once'], { env });
    expect(writable.code).toBe(17);
    expect(writable.stderr).toContain('can be written by its group or by others (mode 620)');
    expect(writable.stderr).toContain(`chmod go-w ${configFile}`);
    await writeFile(configFile, text.replace('daily_cap_trx = "20"', 'daily_cap_trx = 20.5'));
    await chmod(configFile, 0o600);
    const bad = await runCli(['daemon', '--config', configFile, '--once'], { env });
    expect(bad.code).toBe(17);
    const line = text.split('\n').findIndex((l) => l.startsWith('daily_cap_trx')) + 1;
    expect(bad.stderr).toContain(`${configFile}:${line}: rules.daily_cap_trx:`);
    expect(bad.stdout).toBe('');
  }, 30_000);

  it('runs from the file: metrics and readiness against the simulators, alerts once per episode, SIGHUP keeps the old settings on an invalid file', async () => {
    const metricsPort = await freePort();
    const options = { sim: sim.baseUrl, node: node.baseUrl, receivers: receivers.url, metricsPort, lowBalanceTrx: '1000' };
    await writeFile(configFile, configText(options), { mode: 0o600 });
    // The service refuses the balance reads until the test has seen /readyz say why it is not ready.
    sim.faults.inject('/user_info', { kind: 'status', status: 500 }, { times: 'always' });
    // The rule's purchase gets an answer that proves nothing: its outcome is unknown, and the rule stops.
    sim.faults.inject('/buy_energy', { kind: 'status', status: 500 }, { times: 'always' });
    const env = {
      ENERGY_TRAY_USER_DATA: data.dir,
      ...NO_KEYCHAIN,
      ENERGY_TRAY_API_KEY: user.apiKey,
      ENERGY_TRAY_API_SECRET: user.secret,
      ENERGY_TRAY_TIMEOUT_MS: '3000',
      HOOK_SECRET: canaries.hook,
      NTFY_TOKEN: canaries.ntfy,
      CREDENTIALS_DIRECTORY: credentials,
    };
    const daemon = watch(spawn(process.execPath, [MAIN, 'daemon', '--config', configFile], { env: childEnv(env), stdio: 'pipe' }));
    const base = `http://127.0.0.1:${metricsPort}`;
    const readyz: number[] = [];
    const probeReady = async (): Promise<number> => {
      const status = (await get(`${base}/readyz`).catch(() => ({ status: 0, text: '' }))).status;
      if (status !== 0 && readyz.at(-1) !== status) readyz.push(status);
      return status;
    };
    await until('the metrics server', async () => ((await probeReady()) === 0 ? undefined : true));
    expect((await get(`${base}/healthz`)).status).toBe(200);
    const first = await get(`${base}/readyz`);
    expect(first.status).toBe(503);
    expect(JSON.parse(first.text)).toMatchObject({ ready: false, reason: expect.stringMatching(/^(no_balance_yet|service_unreachable)$/) });
    sim.faults.clear('/user_info');
    await until('ready', async () => ((await probeReady()) === 200 ? true : undefined)).catch((e: unknown) => {
      throw new Error(`${String(e)}\n${daemon.stdout()}\n${daemon.stderr()}`);
    });

    const webhook = (key: string, state: string): Received[] =>
      receivers.received.filter((r) => r.channel === 'webhook' && (JSON.parse(r.body) as { key: string; state: string }).key.startsWith(key) && JSON.parse(r.body).state === state);
    await until('the rule stopped alert', () => (webhook('rule_stopped:', 'firing').length > 0 ? true : undefined));
    await until('the balance alert', () => (webhook('balance_low', 'firing').length > 0 ? true : undefined));
    expect(webhook('order:', 'firing')).toHaveLength(1);

    const metrics = (await get(`${base}/metrics`)).text;
    const profile = 'profile="Server"';
    expect(metricValue(metrics, 'energy_tray_balance_sun', `${profile},currency="TRX"`)).toBe(Number(sim.balanceOf(user.apiKey).trxSun));
    expect(metricValue(metrics, 'energy_tray_daily_limit_sun', profile)).toBe(100_000_000);
    expect(metricValue(metrics, 'energy_tray_spent_today_sun', profile)).toBeGreaterThan(0);
    expect(metricValue(metrics, 'energy_tray_wallet_energy_available', `${profile},wallet="Payroll"`)).toBe(0);
    expect(metricValue(metrics, 'energy_tray_wallet_transfers_covered', `${profile},wallet="Payroll"`)).toBe(0);
    expect(metricValue(metrics, 'energy_tray_orders_total', `${profile},kind="energy",outcome="outcome_unknown"`)).toBe(sim.requestCount('/buy_energy'));
    expect(metricValue(metrics, 'energy_tray_rule_decisions_total', `${profile},rule="Keep payroll going",reason="below_keep"`)).toBe(1);
    expect(metricValue(metrics, 'energy_tray_rule_stopped', `${profile},rule="Keep payroll going"`)).toBe(1);
    expect(metricValue(metrics, 'energy_tray_service_up')).toBe(1);
    expect(metricValue(metrics, 'energy_tray_node_up')).toBe(1);
    expect(metricValue(metrics, 'energy_tray_node_requests_total')).toBe(node.requestCount());
    expect(metrics).toMatch(/energy_tray_request_duration_seconds_count\{target="service",endpoint="[a-z_]+"\} [1-9]\d*/);
    expect(metrics).toMatch(/energy_tray_request_duration_seconds_count\{target="node",endpoint="[a-z_]+"\} [1-9]\d*/);
    expect(metrics).toContain('process_cpu_user_seconds_total');
    expect(metrics).not.toContain(ADDRESS);
    const metricNames = new Set(metrics.split('\n').filter((l) => l.startsWith('energy_tray_')).map((l) => l.split(/[{ ]/)[0]?.replace(/_(bucket|sum|count)$/, '')));

    // An invalid edit: SIGHUP logs why and keeps the settings in force.
    await writeFile(configFile, configText(options).replace('daily_limit_trx = "100"', 'daily_limit_trx = "lots"'), { mode: 0o600 });
    daemon.signal('SIGHUP');
    const invalid = await daemon.waitFor('config_invalid');
    expect(String((invalid['problems'] as string[])[0])).toMatch(new RegExp(`${configFile}:\\d+: limits\\.daily_limit_trx:`));
    expect(await probeReady()).toBe(200);

    // Recovery: one resolved message.
    sim.setBalance(user.apiKey, 2_000_000_000n);
    await until('the balance resolved', () => (webhook('balance_low', 'resolved').length > 0 ? true : undefined), 40_000);

    // The service goes away: not ready, and one alert after down_minutes.
    await sim.close();
    await until('not ready', async () => ((await probeReady()) === 503 ? true : undefined));
    await until('the service down alert', () => (webhook('service_down', 'firing').length > 0 ? true : undefined));
    const cmdline = await readFile(`/proc/${daemon.pid}/cmdline`, 'utf8');
    daemon.signal('SIGTERM');
    expect(await daemon.exited).toBe(0);
    outputs.push(daemon.stdout(), daemon.stderr(), metrics, cmdline);

    // Each firing and resolved message once per episode on each channel; ntfy's 500s were retried.
    const keyed = receivers.received.filter((r) => r.status === 200).map((r) => {
      const body = r.channel === 'telegram' ? JSON.parse(r.body).text : r.channel === 'ntfy' ? JSON.parse(r.body).title + JSON.parse(r.body).message : r.body;
      return `${r.channel}|${r.channel === 'webhook' ? `${JSON.parse(r.body).key}|${JSON.parse(r.body).state}` : body}`;
    });
    const duplicates = keyed.length - new Set(keyed).size;
    expect(duplicates).toBe(0);
    expect(webhook('balance_low', 'firing')).toHaveLength(1);
    expect(webhook('service_down', 'firing')).toHaveLength(1);
    expect(webhook('rule_stopped:', 'firing')).toHaveLength(1);
    expect(receivers.received.filter((r) => r.channel === 'ntfy' && r.status === 500)).toHaveLength(2);
    expect(receivers.received.filter((r) => r.channel === 'ntfy' && r.status === 200).length).toBe(webhook('', 'firing').length + webhook('', 'resolved').length);
    for (const hook of receivers.received.filter((r) => r.channel === 'webhook')) {
      const timestamp = String(hook.headers['x-energy-tray-timestamp']);
      const expected = `sha256=${createHmac('sha256', canaries.hook).update(`${timestamp}.${hook.body}`).digest('hex')}`;
      expect(hook.headers['x-energy-tray-signature']).toBe(expected);
    }
    expect(receivers.received.filter((r) => r.channel === 'telegram').every((r) => r.path === `/tg/bot${canaries.telegram}/sendMessage`)).toBe(true);
    expect(readyz).toEqual([503, 200, 503]);

    // Canaries: no secret in any log, metric, file of the user data or process argument.
    const files = await readdir(data.dir, { recursive: true });
    for (const name of files) {
      const path = join(data.dir, name);
      if ((await stat(path)).isFile()) outputs.push(await readFile(path, 'latin1'));
    }
    const everything = outputs.join('\n');
    const secrets = [user.secret, user.apiKey, canaries.hook, canaries.ntfy, canaries.telegram];
    const leaked = secrets.filter((s) => everything.includes(s)).length;
    expect(leaked).toBe(0);
    const sent = receivers.received.filter((r) => r.status === 200).length;
    console.log(`daemon-ops: metrics=${metricNames.size} alerts_sent=${sent} duplicate_alerts=${duplicates} secrets_leaked=${leaked} readyz_transitions=${readyz.length - 1}`);
  }, 120_000);
});

function watch(child: ReturnType<typeof spawn>): DaemonChild {
  let out = '';
  let err = '';
  const lines: Array<Record<string, unknown> & { event: string }> = [];
  child.stdout?.setEncoding('utf8').on('data', (c: string) => {
    out += c;
    lines.splice(0, lines.length, ...out.split('\n').slice(0, -1).map((l) => JSON.parse(l) as { event: string }));
  });
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    pid: child.pid ?? 0,
    lines: lines as DaemonChild['lines'],
    stdout: () => out,
    stderr: () => err,
    exited,
    signal: (name) => void child.kill(name),
    waitFor: (event, where = () => true, timeoutMs = 20_000) =>
      until(event, () => lines.find((l) => l.event === event && where(l as never)) as DaemonChild['lines'][number] | undefined, timeoutMs),
  };
}
void startDaemonWorld;
void canaryUser;
