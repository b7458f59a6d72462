import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DaemonMetrics } from '../../src/cli/daemon/daemon-metrics.ts';
import { dispatch } from '../../src/core/ipc/dispatch.ts';
import { startSimulator, type Simulator } from '../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../src/core/simulator/node/node-simulator.ts';
import { FakeApproval } from '../support/fake-approval.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../support/fake-desktop.ts';
import { canaryUser } from './fixture.ts';
import { startMcpClient, structured, type McpClientRun } from './mcp-client.ts';
import { runCli } from './run-cli.ts';

/**
 * The daemon's metrics count what an AI assistant bought: `energy-tray mcp`
 * runs beside the core without the profile's lock, and its orders reach the
 * core through the shared order store. The core here is the app's own
 * (AppService, as the daemon runs it) with the daemon's metrics wired in;
 * an assistant's purchase and a purchase from the command line both end in
 * energy_tray_orders_total, only the assistant's in
 * energy_tray_assistant_orders_total.
 */
const WATCHED = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const sample = (text: string, name: string, labels: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('the daemon metrics and an assistant buying beside the core', () => {
  const user = canaryUser(500_000_000n);
  const approval = new FakeApproval(false);
  const metrics = new DaemonMetrics({ addresses: false });
  let sim: Simulator;
  let node: NodeSimulator;
  let app: AppOnFakeDesktop;
  let assistant: McpClientRun | undefined;

  beforeAll(async () => {
    sim = await startSimulator({ users: [user], timing: { timedOrderMs: 150, fastRecoverMs: 150 } });
    node = await startNodeSimulator({ spending: null, delegations: sim.delegations, wallets: [{ address: WATCHED, trxSun: 20_000_000n }] });
    app = await startAppOnFakeDesktop({ approval, onWired: (services) => metrics.attach(services, 'Work') });
    approval.approveNext();
    await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: user.apiKey, apiSecret: user.secret, name: 'Work' });
    await app.service.services.node.setNodeUrl(node.baseUrl);
    await app.service.services.wallets.add({ label: 'Payroll', address: WATCHED, plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
    approval.approveNext();
    const draft = { dailyTrx: '20', perOrderTrx: '5', watchedOnly: true, addresses: [] };
    expect(await dispatch(app.table, 'app:saveAssistantAllowance', { draft })).toMatchObject({ ok: true, value: { saved: true } });
  }, 30_000);

  afterAll(async () => {
    await assistant?.close();
    await app?.service.stop();
    await sim?.close();
    await node?.close();
  });

  it('counts the assistant’s order in both counters and the command line’s only in energy_tray_orders_total', async () => {
    const env = { ENERGY_TRAY_USER_DATA: app.userDataDir, ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret };
    assistant = await startMcpClient({ env, name: 'Claude Desktop' });
    const bought = structured<{ bought: boolean }>(await assistant.call('top_up_wallet', { address: WATCHED, transfers: 1, reason: 'payroll' }));
    expect(bought.bought).toBe(true);
    const cli = await runCli(['buy-energy', WATCHED, '--count', '65000', '--period', '1h', '--yes'], { env });
    expect(cli.code, cli.stderr).toBe(0);
    expect(sim.requestCount('/buy_energy')).toBe(2);

    const labels = 'profile="Work",kind="energy",outcome="succeeded"';
    let text = '';
    for (let i = 0; i < 150 && sample(text, 'energy_tray_orders_total', labels) !== 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      text = await metrics.text();
    }
    expect(sample(text, 'energy_tray_orders_total', labels)).toBe(2);
    expect(sample(text, 'energy_tray_assistant_orders_total', labels)).toBe(1);
    expect(text).not.toContain(WATCHED);
    expect(text).not.toContain('Claude Desktop');
  }, 60_000);
});
