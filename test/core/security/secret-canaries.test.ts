import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { METHOD_NAMES } from '../../../src/shared/ipc.ts';
import { dispatch } from '../../../src/core/ipc/dispatch.ts';
import { createLogger } from '../../../src/core/base/logger.ts';
import { SecretRegistry } from '../../../src/core/base/secret-registry.ts';
import { startSimulator, type Simulator } from '../../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../../src/core/simulator/node/node-simulator.ts';
import { DEMO_WALLET_ADDRESSES } from '../../../src/core/simulator/node/demo-chain.ts';
import { DEMO_ADDRESS } from '../../../src/core/app/app-service.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../support/fake-desktop.ts';
import { runCli } from '../../cli/run-cli.ts';
import { startMcpClient } from '../../cli/mcp-client.ts';
import { tempDir } from '../../support/temp-dir.ts';

// High-entropy canaries: any 5-character piece of the key showing up is a leak, not chance.
const KEY = `K${randomBytes(12).toString('base64url')}`;
const SECRET = `S${randomBytes(24).toString('base64url')}`;
/** The TRON node provider's key: never shown at all, not even a hint. */
const NODE_KEY = `N${randomBytes(18).toString('base64url')}`;

function leaks(text: string): string[] {
  const found: string[] = [];
  if (text.includes(SECRET)) found.push('secret');
  if (text.includes(NODE_KEY) || text.includes(NODE_KEY.slice(-8))) found.push('node key');
  for (let i = 0; i + 5 <= KEY.length; i++) {
    if (text.includes(KEY.slice(i, i + 5))) {
      found.push(`key piece ${KEY.slice(i, i + 5)}`);
      break;
    }
  }
  return found;
}

function allFiles(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => ({ path: join(f.parentPath, f.name), text: readFileSync(join(f.parentPath, f.name), 'latin1') }));
}

/**
 * Issue 4 and 7: the main flows with a canary key and secret. Everything the
 * renderer could receive (every method's result, every pushed event), every
 * log line and every file in the user-data folder is searched: the secret
 * never appears, and the key at most as its last 4 characters.
 */
describe('secret canaries', () => {
  let sim: Simulator;
  let node: NodeSimulator;
  let app: AppOnFakeDesktop;
  const rendererSaw: string[] = [];
  let logFile: string | null = null;
  const cliOutput: string[] = [];
  /** Everything `energy-tray mcp` wrote: each protocol message and its stderr (issue 27). */
  const mcpOutput: string[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ users: [{ apiKey: KEY, secret: SECRET, trxSun: 20_000_000n, usdtMicros: 1_000_000n }] });
    const secrets = new SecretRegistry();
    const userDataDir = tempDir('canary');
    const { logger, file } = createLogger({ dir: join(userDataDir, 'logs'), secrets, level: 'debug' });
    logFile = file;
    app = await startAppOnFakeDesktop({
      userDataDir,
      secrets,
      log: logger,
      logFile: file,
      timeoutMs: 1500,
      onApiRequest: (e) => logger.debug(e, 'api request'),
      saveDialog: { chooseSaveFile: async () => join(userDataDir, 'orders-export.csv') },
    });
    const call = async (method: string, request: unknown) => {
      const result = await dispatch(app.table, method, request);
      rendererSaw.push(JSON.stringify(result));
      logger.info({ method, ok: result.ok, error: result.ok ? undefined : result.error }, 'ipc');
      return result;
    };

    // Connect: first with a wrong secret (401), then for real.
    await call('app:connectAccount', { baseUrl: sim.baseUrl, apiKey: KEY, apiSecret: `${SECRET}x` });
    await call('app:connectAccount', { baseUrl: sim.baseUrl, apiKey: KEY, apiSecret: SECRET });
    await call('app:addDefaultPresets', { address: DEMO_ADDRESS });
    // Every read-only method once.
    for (const method of METHOD_NAMES) {
      if (['app:getInfo', 'app:getState', 'app:listPresets', 'app:getSettings', 'app:getSmartPrice', 'app:refreshBalance'].includes(method)) {
        await call(method, {});
      }
    }
    await call('app:quoteTimed', { type: 'energy', count: 65_000, period: '1h' });
    await call('app:quoteFastRecover', { resourceType: 'energy', count: 65_000 });
    // Errors of every category.
    await call('app:buyTimed', { type: 'energy', address: 'TNotAValidAddress', count: 65_000, period: '1h' }); // invalid input
    // Above the default daily limit: raised (approved) so that the order reaches the service and its 403.
    await call('app:updateSettings', { patch: { dailyLimitSun: '1000000000000' } });
    await call('app:buyTimed', { type: 'energy', address: DEMO_ADDRESS, count: 10_000_000, period: '3day' }); // 403
    sim.faults.inject('/query_price', { kind: 'status', status: 404 });
    await call('app:quoteTimed', { type: 'energy', count: 65_000, period: '1h' }); // 404
    sim.faults.inject('/get_smart_price', { kind: 'status', status: 500 }, { times: 'always' });
    await call('app:getSmartPrice', {}); // 500
    sim.faults.clear('/get_smart_price');
    sim.faults.inject('/user_info', { kind: 'malformed' });
    await call('app:refreshBalance', {}); // malformed
    sim.faults.inject('/query_fast_recover_price', { kind: 'code0' });
    await call('app:quoteFastRecover', { resourceType: 'energy', count: 65_000 }); // rejected
    sim.faults.inject('/buy_energy', { kind: 'status', status: 500 }, { phase: 'after' });
    await call('app:buyTimed', { type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' }); // outcome unknown
    // A real buy, polled to the end.
    const bought = await call('app:runPreset', { id: (await app.service.services.presets.list())[0]!.id });
    expect(bought, JSON.stringify(bought)).toMatchObject({ ok: true });
    for (let waited = 0; app.notifications.length < 2 && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    await call('app:queryOrders', { offset: 0, limit: 50 });
    await call('app:orderTotals', { filter: {}, period: 'day' });
    // The history exported as CSV: the file lands in the user-data folder, which is searched below.
    expect(await call('app:exportOrders', { filter: {} })).toMatchObject({ ok: true, value: { saved: true } });
    // The CLI over the same account and user-data folder: success, every error path it shares, and status.
    const cliEnv = { ENERGY_TRAY_API_KEY: KEY, ENERGY_TRAY_API_SECRET: SECRET, ENERGY_TRAY_BASE_URL: sim.baseUrl, ENERGY_TRAY_USER_DATA: userDataDir };
    for (const args of [['balance'], ['balance', '--json'], ['status'], ['status', '--json'], ['order', 'EN1700000000000000'], ['buy-energy', DEMO_ADDRESS, '--count', '65000', '--period', 'nope']]) {
      const run = await runCli(args, { env: cliEnv });
      cliOutput.push(run.stdout, run.stderr);
    }
    const wrong = await runCli(['balance'], { env: { ...cliEnv, ENERGY_TRAY_API_SECRET: `${SECRET}x` } });
    cliOutput.push(wrong.stdout, wrong.stderr);
    // The TRON node with a provider key: saved, used for reads and an estimate, refused once, then the CLI.
    node = await startNodeSimulator({ spending: null, apiKey: NODE_KEY });
    await call('app:setNodeUrl', { nodeUrl: node.baseUrl });
    await call('app:setNodeKey', { apiKey: NODE_KEY });
    await call('app:getNodeSettings', {});
    await call('app:addWallet', { wallet: { address: DEMO_WALLET_ADDRESSES.payroll, label: 'Payroll', plan: 'holder', exactRecipient: null, topUpTransfers: 2 } });
    await call('app:estimateTransfer', { from: DEMO_WALLET_ADDRESSES.payroll, to: DEMO_WALLET_ADDRESSES.shop, amountUsdt: null });
    for (let waited = 0; node.requests.length < 3 && waited < 5_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    await call('app:listWallets', {});
    const nodeEnv = { ENERGY_TRAY_USER_DATA: userDataDir, ENERGY_TRAY_NODE_URL: node.baseUrl };
    for (const args of [['resources', DEMO_WALLET_ADDRESSES.payroll, '--json'], ['estimate', DEMO_WALLET_ADDRESSES.payroll, '--to', DEMO_WALLET_ADDRESSES.shop]]) {
      const run = await runCli(args, { env: { ...nodeEnv, ENERGY_TRAY_NODE_API_KEY: NODE_KEY } });
      cliOutput.push(run.stdout, run.stderr);
    }
    const refusedKey = await runCli(['resources', DEMO_WALLET_ADDRESSES.payroll], { env: { ...nodeEnv, ENERGY_TRAY_NODE_API_KEY: `${NODE_KEY}x` } });
    cliOutput.push(refusedKey.stdout, refusedKey.stderr);
    await call('app:setNodeKey', { apiKey: `${NODE_KEY}x` });
    await call('app:refreshWallet', { id: 'none' });
    await call('app:estimateTransfer', { from: DEMO_WALLET_ADDRESSES.payroll, to: DEMO_WALLET_ADDRESSES.shop, amountUsdt: null }); // 401 from the node
    await call('app:setNodeKey', { apiKey: NODE_KEY });
    await mcpSession(userDataDir, call);
    // Remove the credentials.
    const state = await call('app:getState', {});
    const profileId = state.ok ? (state.value as { activeProfileId: string }).activeProfileId : '';
    await call('app:removeCredentials', { profileId });
    await call('app:getState', {});
    logger.flush();
  }, 60_000);

  /**
   * The MCP server (issue 27) on the same account, node and folder: every
   * tool, resource and the prompt, its refusals, invalid input, a wrong
   * secret, service faults and a paid request whose outcome is unknown.
   */
  async function mcpSession(userDataDir: string, call: (method: string, request: unknown) => Promise<unknown>): Promise<void> {
    const env = { ENERGY_TRAY_API_KEY: KEY, ENERGY_TRAY_API_SECRET: SECRET, ENERGY_TRAY_USER_DATA: userDataDir, ENERGY_TRAY_NODE_API_KEY: NODE_KEY };
    const payroll = DEMO_WALLET_ADDRESSES.payroll;
    const mcp = await startMcpClient({ env, name: 'Canary Assistant', elicitation: true });
    mcp.elicitation.answer = 'accept';
    const calls: Array<[string, Record<string, unknown>]> = [
      ['get_balance', {}],
      ['list_wallets', {}],
      ['get_wallet_resources', { address: payroll }],
      ['estimate_transfer', { from: payroll, to: DEMO_WALLET_ADDRESSES.shop, amount: '1' }],
      ['quote', { resource: 'energy', count: 65_000, period: '1h' }],
      ['list_orders', { limit: 100 }],
      ['get_spend', { period: 'month' }],
      ['get_allowance', {}],
      ['get_order', { id: 'EN1' }],
      ['top_up_wallet', { address: payroll, transfers: 1, reason: 'canary', dry_run: true }],
      ['top_up_wallet', { address: payroll, transfers: 5, reason: 'canary' }], // refused: no allowance
      ['buy_energy', { address: 'TNotAValidAddress', count: 65_000, period: '1h', reason: 'x' }], // invalid input
    ];
    for (const [name, args] of calls) mcpOutput.push(JSON.stringify(await mcp.call(name, args)));
    await call('app:saveAssistantAllowance', { draft: { dailyTrx: '100', perOrderTrx: '50', watchedOnly: true, addresses: [] } });
    sim.faults.inject('/buy_energy', { kind: 'status', status: 500 }, { phase: 'after' });
    mcpOutput.push(JSON.stringify(await mcp.call('buy_energy', { address: payroll, count: 65_000, period: '1h', reason: 'canary' }))); // outcome unknown
    sim.faults.inject('/user_info', { kind: 'malformed' });
    mcpOutput.push(JSON.stringify(await mcp.call('get_balance', {})));
    for (const uri of ['energy-tray://wallets', 'energy-tray://orders/recent']) mcpOutput.push(JSON.stringify(await mcp.client.readResource({ uri })));
    mcpOutput.push(JSON.stringify(await mcp.client.getPrompt({ name: 'prepare_usdt_transfer', arguments: { from: payroll, to: DEMO_WALLET_ADDRESSES.shop, amount: '5' } })));
    await mcp.close();
    const wrong = await startMcpClient({ env: { ...env, ENERGY_TRAY_API_SECRET: `${SECRET}x` }, name: 'Canary Assistant' });
    mcpOutput.push(JSON.stringify(await wrong.call('get_balance', {}))); // 401
    await wrong.close();
    for (const run of [mcp, wrong]) mcpOutput.push(...run.received, run.stderr());
  }

  afterAll(async () => {
    await app?.service.stop();
    await sim?.close();
    await node?.close();
    const files = app ? allFiles(app.userDataDir) : [];
    const everything = [...rendererSaw, ...(app?.events ?? []).map((e) => JSON.stringify(e)), ...files.map((f) => f.text), ...cliOutput, ...mcpOutput].join('\n');
    const logLines = logFile ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length : 0;
    console.log(
      `canary: results=${rendererSaw.length} events=${app?.events.length ?? 0} log_lines=${logLines} files=${files.length} cli_runs=${cliOutput.length / 2} mcp_messages=${mcpOutput.length} leaks=${leaks(everything).length}`,
    );
  });

  it('covered every error category', () => {
    const codes = rendererSaw.map((r) => (JSON.parse(r) as { error?: { code: string } }).error?.code).filter(Boolean);
    for (const code of ['authentication', 'invalid_input', 'insufficient_balance', 'not_found', 'server', 'malformed_response', 'rejected', 'outcome_unknown', 'node']) {
      expect(codes).toContain(code);
    }
  });

  it('never hands the renderer the secret or the key (results and pushed events)', () => {
    const events = app.events.map((e) => JSON.stringify(e));
    expect(rendererSaw.length).toBeGreaterThan(20);
    expect(events.length).toBeGreaterThan(5);
    expect(leaks(rendererSaw.join('\n'))).toEqual([]);
    expect(leaks(events.join('\n'))).toEqual([]);
    // The key's last 4 characters are the one hint the UI may show.
    expect(rendererSaw.join('\n')).toContain(KEY.slice(-4));
  });

  it('never writes the secret or the key to a log line or any file in the user-data folder', () => {
    expect(logFile).not.toBeNull();
    const log = readFileSync(logFile!, 'utf8');
    expect(log.split('\n').length).toBeGreaterThan(20);
    expect(leaks(log)).toEqual([]);
    for (const file of allFiles(app.userDataDir)) expect({ file: file.path, leaks: leaks(file.text) }).toEqual({ file: file.path, leaks: [] });
  });

  it("never prints the secret or the key in the CLI's output", () => {
    expect(cliOutput.join('').length).toBeGreaterThan(100);
    expect(cliOutput.join('\n')).toMatch(/Authentication failed|authentication/i);
    expect(leaks(cliOutput.join('\n'))).toEqual([]);
  });

  it("never puts the secret, the key or the node's key in the MCP server's output (results, errors, resources, the prompt, stderr)", () => {
    const text = mcpOutput.join('\n');
    expect(mcpOutput.length).toBeGreaterThan(30);
    expect(text).toMatch(/assistant allowance in Energy Tray is off/);
    expect(text).toMatch(/Authentication failed|authentication/i);
    expect(text).toMatch(/outcome unknown/i);
    expect(leaks(text)).toEqual([]);
  });

  it('sent the provider key to the node it was saved for, in its header only', () => {
    expect(node.requests.some((r) => r.key === 'valid')).toBe(true);
    expect(node.requests.some((r) => r.key === 'invalid')).toBe(true);
    expect(JSON.stringify(node.requests.map((r) => r.body))).not.toContain(NODE_KEY);
  });

  it('never puts the secret in notifications', () => {
    expect(leaks(JSON.stringify(app.notifications))).toEqual([]);
  });
});
