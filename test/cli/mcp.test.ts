import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/core/ipc/dispatch.ts';
import { englishText } from '../../src/shared/i18n/english-message.ts';
import type { Message } from '../../src/shared/i18n/message.ts';
import { startSimulator, tronAddressFromSeed, type Simulator } from '../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../src/core/simulator/node/node-simulator.ts';
import { FakeApproval } from '../support/fake-approval.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../support/fake-desktop.ts';
import { canaryUser } from './fixture.ts';
import { errorText, startMcpClient, structured, type McpClientRun } from './mcp-client.ts';
import { runCli } from './run-cli.ts';
import { VALID_ADDRESS as WATCHED } from '../support/addresses.ts';

/**
 * Issue 27: `energy-tray mcp` driven by the SDK's own Client over stdio, as
 * Claude Desktop starts it, against the service and TRON node simulators,
 * while the app runs on the same profile (a fake desktop whose approvals are
 * scripted), and at the end with the app closed. Measured for the summary line: the tools listed, paid requests
 * the service received while the allowance (or the person) said no,
 * purchases beyond one per address when several calls race, and the key or
 * secret in anything the server wrote.
 */
const OTHER = tronAddressFromSeed('mcp-other-wallet');
const HOLDER = tronAddressFromSeed('mcp-usdt-holder');
const PAID_PATHS = ['/buy_energy', '/buy_fast_recover', '/buy_net', '/active_account', '/reclaim_energy'];
const READ_TOOLS = ['get_balance', 'list_wallets', 'get_wallet_resources', 'estimate_transfer', 'quote', 'list_orders', 'get_order', 'get_spend', 'get_allowance'];
const PAID_TOOLS = ['top_up_wallet', 'buy_energy', 'fast_recover'];

type Order = { id: string; state: string; address: string; via: string; assistant: { client: string; reason: string } | null };

describe('energy-tray mcp against the simulators, the app running beside it', () => {
  const user = canaryUser(500_000_000n);
  const approval = new FakeApproval(false);
  const totals = { tools: 0, paidWithoutAllowance: 0, duplicates: 0 };
  const clients: McpClientRun[] = [];
  let sim: Simulator;
  let node: NodeSimulator;
  let app: AppOnFakeDesktop;
  let claude: McpClientRun;

  const paid = (): number => PAID_PATHS.reduce((sum, path) => sum + sim.requestCount(path), 0);
  const env = (): Record<string, string> => ({ ENERGY_TRAY_USER_DATA: app.userDataDir, ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret });
  const client = async (name: string, elicitation = false): Promise<McpClientRun> => {
    const run = await startMcpClient({ env: env(), name, elicitation });
    clients.push(run);
    return run;
  };
  /** A call that must send nothing paid: what reached the service anyway is counted. */
  const refused = async (run: McpClientRun, name: string, args: Record<string, unknown>): Promise<string> => {
    const before = paid();
    const result = await run.call(name, args);
    await new Promise((r) => setTimeout(r, 100));
    totals.paidWithoutAllowance += paid() - before;
    return errorText(result);
  };
  const allow = async (draft: { dailyTrx: string; perOrderTrx: string; watchedOnly: boolean; addresses: string[] }): Promise<void> => {
    approval.approveNext();
    expect(await dispatch(app.table, 'app:saveAssistantAllowance', { draft })).toMatchObject({ ok: true, value: { saved: true } });
    expect(approval.kinds().at(-1)).toBe('assistant_allowance');
  };
  const settled = async (run: McpClientRun, id: string): Promise<Order> => {
    for (let i = 0; i < 100; i++) {
      const { order } = structured<{ order: Order }>(await run.call('get_order', { id }));
      if (order.state !== 'submitting' && order.state !== 'running') return order;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`order ${id} did not finish`);
  };

  beforeAll(async () => {
    sim = await startSimulator({ users: [user], timing: { timedOrderMs: 150, fastRecoverMs: 150 } });
    node = await startNodeSimulator({
      spending: null,
      delegations: sim.delegations,
      wallets: [
        { address: WATCHED, trxSun: 20_000_000n, usdtMicros: 900_000_000n },
        { address: OTHER, trxSun: 5_000_000n, usdtMicros: 1_000_000n, stakedEnergy: 200_000n },
        { address: HOLDER, trxSun: 1_000_000n, usdtMicros: 1n },
      ],
    });
    app = await startAppOnFakeDesktop({ approval });
    approval.approveNext();
    await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: user.apiKey, apiSecret: user.secret, name: 'Work' });
    await app.service.services.node.setNodeUrl(node.baseUrl);
    await app.service.services.wallets.add({ label: 'Payroll', address: WATCHED, plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
    claude = await client('Claude Desktop');
  }, 30_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    const written = clients.map((c) => `${c.received.join('\n')}\n${c.stderr()}`).join('\n');
    const leaked = written.split(user.secret).length - 1 + (written.split(user.apiKey).length - 1);
    console.log(`mcp: tools=${totals.tools} paid_without_allowance=${totals.paidWithoutAllowance} duplicates=${totals.duplicates} secrets_leaked=${leaked}`);
    await app?.service.stop();
    await sim?.close();
    await node?.close();
    expect(leaked).toBe(0);
    expect(totals).toMatchObject({ tools: 12, paidWithoutAllowance: 0, duplicates: 0 });
  });

  it('lists its tools with JSON Schema input, structured output and the right hints, and a protocol of 2025-06-18 or newer', async () => {
    const init = JSON.parse(claude.received[0] ?? '{}') as { result?: { protocolVersion?: string; serverInfo?: { name?: string } } };
    expect((init.result?.protocolVersion ?? '') >= '2025-06-18').toBe(true);
    expect(init.result?.serverInfo?.name).toBe('energy-tray');
    const { tools } = await claude.client.listTools();
    totals.tools = tools.length;
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...PAID_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      const paidTool = PAID_TOOLS.includes(tool.name);
      expect(tool.annotations, tool.name).toMatchObject(paidTool ? { readOnlyHint: false, destructiveHint: true } : { readOnlyHint: true });
      // What costs money says so first; what reads says it is free.
      expect(tool.description ?? '', tool.name).toMatch(paidTool ? /^COSTS MONEY\./ : /Free/);
      if (paidTool) expect(tool.inputSchema.required, tool.name).toEqual(expect.arrayContaining(['address', 'reason']));
      if (paidTool) expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toContain('dry_run');
    }
    const topUp = tools.find((t) => t.name === 'top_up_wallet')!;
    expect(topUp.inputSchema.properties?.['transfers']).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  });

  it('answers each read tool from the simulators and the profile', async () => {
    expect(structured(await claude.call('get_balance', {}))).toMatchObject({ trx: { sun: String(sim.balanceOf(user.apiKey).trxSun) } });
    const { wallets } = structured<{ wallets: Array<Record<string, unknown>> }>(await claude.call('list_wallets', {}));
    expect(wallets).toEqual([expect.objectContaining({ label: 'Payroll', address: WATCHED, energy_per_transfer: 64_285, energy_available: 0, transfers_covered: 0 })]);
    const other = node.account(OTHER)!;
    expect(structured(await claude.call('get_wallet_resources', { address: OTHER }))).toMatchObject({
      address: OTHER,
      activated: true,
      trx: { sun: String(other.trxSun) },
      energy: { limit: Number(other.energyLimit), available: Number(other.energyLimit - other.energyUsed) },
      transfers_covered: 3,
      watched: false,
    });
    expect(structured(await claude.call('estimate_transfer', { from: WATCHED, to: HOLDER, amount: '250' }))).toMatchObject({
      from: WATCHED,
      to: HOLDER,
      recipient_holds_usdt: true,
      energy: 64_285,
      available_energy: 0,
      missing_energy: 64_285,
      energy_burn: { sun: '6428500' },
    });
    // The simulator's price list: 50 SUN per energy for 1 hr; burning is 100 SUN per energy at mainnet's fee.
    expect(structured(await claude.call('quote', { resource: 'energy', count: 65_000, period: '1h' }))).toMatchObject({
      amount: { sun: '3250000', trx: '3.25' },
      burn: { sun: '6500000' },
      cheaper_than_burning: true,
    });
    expect(structured(await claude.call('quote', { resource: 'energy', count: 65_000, fast_recover: true }))).toMatchObject({ amount: { sun: '3900000' }, fast_recover: true });
    expect(structured(await claude.call('list_orders', {}))).toEqual({ orders: [], total: 0 });
    expect(errorText(await claude.call('get_order', { id: 'EN404' }))).toMatch(/No order EN404/);
    expect(structured(await claude.call('get_spend', { period: 'today' }))).toMatchObject({ spent: { sun: '0' }, daily_limit: { sun: '100000000' } });
    expect(structured(await claude.call('get_allowance', {}))).toMatchObject({ enabled: false, watched_wallets: [WATCHED] });
    // Input as strict as the IPC schemas: an unknown field, a bad address, a count under the minimum, a period not offered.
    for (const [name, args] of [
      ['get_balance', { extra: 1 }],
      ['get_wallet_resources', { address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9' }],
      ['quote', { resource: 'energy', count: 100, period: '1h' }],
      ['quote', { resource: 'net', count: 1000, period: '1h' }],
      ['top_up_wallet', { address: WATCHED, transfers: 1, reason: 'pay\u202Eroll' }],
      ['buy_energy', { address: WATCHED, count: 65_000, period: '1h' }],
    ] as const) {
      expect(await refused(claude, name, args)).toMatch(/Input validation error/);
    }
  });

  it('with no allowance, top_up_wallet is refused, nothing reaches the service, and the running app shows a notice', async () => {
    const text = await refused(claude, 'top_up_wallet', { address: WATCHED, transfers: 1, reason: 'supplier payment' });
    expect(text).toMatch(/assistant allowance in Energy Tray is off.*Nothing was sent.*Only the person can turn it on/);
    for (let i = 0; i < 50 && !app.events.some((e) => e.event === 'app:notice'); i++) await new Promise((r) => setTimeout(r, 100));
    const notice = app.events.find((e) => e.event === 'app:notice')?.payload as { message: Message } | undefined;
    expect(notice && englishText(notice.message)).toMatch(/“\u2068Claude Desktop\u2069” asked to buy energy for TJRabPrwbZy45sbavfcjinPJC18kjpRTv8 \(3\.21 TRX, “\u2068supplier payment\u2069”\).*allowance is off/);
  });

  it('after the person approves an allowance it buys once, recorded via the assistant with the client and reason', async () => {
    await allow({ dailyTrx: '6', perOrderTrx: '5', watchedOnly: true, addresses: [] });
    const dry = structured(await claude.call('top_up_wallet', { address: WATCHED, transfers: 1, reason: 'supplier payment', dry_run: true }));
    expect(dry).toMatchObject({ dry_run: true, bought: false, option: 'timed', energy: 64_285, cost: { sun: '3214300' }, burn: { sun: '6428500' } });
    expect(dry['request']).toMatchObject({ method: 'POST', body: `count=64285&period=1h&address=${WATCHED}` });
    const before = paid();
    const bought = structured<{ bought: boolean; order: Order }>(await claude.call('top_up_wallet', { address: WATCHED, transfers: 1, reason: 'supplier payment' }));
    expect(paid() - before).toBe(1);
    expect(bought).toMatchObject({ bought: true, order: { via: 'assistant', assistant: { client: 'Claude Desktop', reason: 'supplier payment' }, address: WATCHED } });
    expect(await settled(claude, bought.order.id)).toMatchObject({ state: 'succeeded' });
    // The app's Orders view and the CLI's history read the same store.
    const page = await dispatch(app.table, 'app:queryOrders', { offset: 0, limit: 10 });
    expect(page).toMatchObject({ ok: true, value: { orders: [expect.objectContaining({ localId: bought.order.id, assistant: { client: 'Claude Desktop', reason: 'supplier payment' } })] } });
    const history = await runCli(['history', '--json'], { env: env() });
    expect(JSON.parse(history.stdout)).toEqual([expect.objectContaining({ local_id: bought.order.id, assistant: { client: 'Claude Desktop', reason: 'supplier payment' } })]);
    // One notification in the app when it finishes: the server never marks it notified, the app tells it (live, or
    // when it next starts), once, naming the client and the reason.
    const running = app;
    const notified = (): Array<{ title: string; body: string }> => [...running.notifications, ...app.notifications].filter((n) => n.localId === bought.order.id);
    // Live (the app takes in other processes' orders and follows them), else at its next start.
    for (let i = 0; i < 30 && notified().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    await app.service.stop();
    app = await startAppOnFakeDesktop({ approval, userDataDir: app.userDataDir, credentialStore: app.store });
    for (let i = 0; i < 50 && notified().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    expect(notified()).toEqual([expect.objectContaining({ title: expect.stringMatching(/^Via “\u2068Claude Desktop\u2069”: /), body: expect.stringContaining('Reason given: “\u2068supplier payment\u2069”') })]);
  }, 30_000);

  it('refuses what goes past the allowance per order, per day or outside its addresses', async () => {
    expect(await refused(claude, 'buy_energy', { address: WATCHED, count: 200_000, period: '1h', reason: 'big batch' })).toMatch(/costs 10\.00 TRX, more than the 5\.00 TRX per order/);
    expect(await refused(claude, 'top_up_wallet', { address: WATCHED, transfers: 2, reason: 'second payment' })).toMatch(/costs 3\.21 TRX, and assistants have spent 3\.21 TRX today of the 6\.00 TRX a day/);
    expect(await refused(claude, 'fast_recover', { address: OTHER, count: 65_000, reason: 'elsewhere' })).toMatch(/does not cover/);
  });

  it('asks the person when the client can: declining sends nothing, accepting buys', async () => {
    await allow({ dailyTrx: '60', perOrderTrx: '20', watchedOnly: true, addresses: [] });
    const cursor = await client('Cursor', true);
    cursor.elicitation.answer = 'decline';
    expect(await refused(cursor, 'top_up_wallet', { address: WATCHED, transfers: 2, reason: 'payroll run' })).toMatch(/declined.*Nothing was sent/);
    expect(cursor.elicitation.asked.at(-1)).toMatch(/^“\u2068Cursor\u2069” wants to buy 64,285 energy for 1 hr for TJRabPrwbZy45sbavfcjinPJC18kjpRTv8, for 3\.21 TRX/);
    expect(cursor.elicitation.asked.at(-1)).toContain('Reason given: “\u2068payroll run\u2069”');
    cursor.elicitation.answer = 'cancel';
    expect(await refused(cursor, 'top_up_wallet', { address: WATCHED, transfers: 2, reason: 'payroll run' })).toMatch(/declined/);
    cursor.elicitation.answer = 'accept';
    const before = paid();
    const bought = structured<{ order: Order }>(await cursor.call('top_up_wallet', { address: WATCHED, transfers: 2, reason: 'payroll run' }));
    expect(paid() - before).toBe(1);
    expect(bought.order.assistant).toEqual({ client: 'Cursor', reason: 'payroll run' });
    await settled(cursor, bought.order.id);
  }, 30_000);

  it('buys at most once per address when calls race, in one server and across two', async () => {
    const agent = await client('Agent', false);
    const cursor = clients.find((c) => c.elicitation.answer === 'accept')!;
    const before = sim.requests.length;
    const calls = [cursor, cursor, cursor, agent, agent, agent].map((c) => c.call('top_up_wallet', { address: WATCHED, transfers: 5, reason: 'race' }));
    const results = await Promise.all(calls);
    const buys = sim.requests.slice(before).filter((r) => PAID_PATHS.includes(r.path.replace(/^\/v2/, '')) && r.form['address'] === WATCHED);
    totals.duplicates += Math.max(0, buys.length - 1);
    expect(buys).toHaveLength(1);
    // One call buys. A call that starts after that order delivered finds the wallet covered and buys nothing
    // (on a loaded machine that happens); every other call is refused as a duplicate.
    const answered = results.filter((r) => !r.isError).map((r) => structured<{ bought: boolean; order: Order | null }>(r));
    expect(answered.filter((a) => a.bought)).toHaveLength(1);
    for (const late of answered.filter((a) => !a.bought)) expect(late.order).toBeNull();
    for (const r of results.filter((x) => x.isError)) expect(errorText(r)).toMatch(/already on its way|being made right now|was placed while this one was being prepared/);
  }, 30_000);

  it('works with the app closed: the allowance set from the command line (--yes), a purchase followed to its end', async () => {
    await app.service.stop();
    const widened = await runCli(['allowance', '--addresses', `${WATCHED},${OTHER}`, '--yes'], { env: env() });
    expect(widened.code, widened.stderr).toBe(0);
    expect(widened.stderr).toContain(`• Address: ${OTHER}`);
    const alone = await client('Claude Desktop');
    const before = paid();
    const bought = structured<{ order: Order }>(await alone.call('fast_recover', { address: OTHER, count: 65_000, reason: 'refill' }));
    expect(paid() - before).toBe(1);
    expect(await settled(alone, bought.order.id)).toMatchObject({ state: 'succeeded', via: 'assistant' });
    app = await startAppOnFakeDesktop({ approval, userDataDir: app.userDataDir, credentialStore: app.store });
  }, 30_000);
});
