import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, RequestOf } from '../../../src/shared/ipc.ts';
import { dispatch } from '../../../src/core/ipc/dispatch.ts';
import { startSimulator, type Simulator } from '../../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../../src/core/simulator/node/node-simulator.ts';
import { FakeApproval } from '../../support/fake-approval.ts';
import { listOrders, startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../support/fake-desktop.ts';
import { moneySnapshot, riskyChanges, type MoneySnapshot } from './money-snapshot.ts';
import { VALID_ADDRESS as VICTIM_ADDRESS } from '../../support/addresses.ts';

/**
 * Issue 12: a compromised renderer drives the real dispatch and handler
 * table with every IPC method and the attack sequences of the review
 * (silence notifications then buy; edit a preset then run it; repoint the
 * profile; connect to another host; remove credentials; raise the limit;
 * flood the approvals; export the history). The person answers no to every
 * question main asks, the save dialog main draws for an export included.
 * Measured, per sequence: paid requests that reached any server, money
 * settings that changed (presets, profiles, keychain, notifications, limit,
 * warning), and secrets the attacker saw (the key or secret in anything the
 * renderer received, any request at the attacker's server).
 */
const USER = { apiKey: 'victim-api-key-5d1e', secret: 'victim-api-secret-8c2f04', trxSun: 1_000_000_000n, usdtMicros: 0n };
const ATTACKER = { apiKey: 'attacker-key-0001', secret: 'attacker-secret-0001', trxSun: 0n, usdtMicros: 0n };
const ATTACKER_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PAID_PATHS = new Set(['/buy_energy', '/buy_net', '/buy_fast_recover', '/active_account', '/reclaim_energy']);

type Call = { [M in Method]: { method: M; request: RequestOf<M> } }[Method];
const call = <M extends Method>(method: M, request: RequestOf<M>): Call => ({ method, request }) as Call;

describe('a compromised renderer against the real handler table', () => {
  let sim: Simulator;
  let attacker: Simulator;
  let node: NodeSimulator;
  let ruleId = '';
  let app: AppOnFakeDesktop;
  const approval = new FakeApproval(false);
  /** The export's save dialog, drawn by main: the person cancels it (null) unless a test says where. */
  const saveDialog = { asked: 0, answer: null as string | null, chooseSaveFile: async (): Promise<string | null> => (saveDialog.asked++, saveDialog.answer) };
  const rendererSaw: string[] = [];
  const totals = { sequences: 0, paid: 0, moneySettings: 0, secrets: 0 };
  let profileId = '';
  let presetId = '';
  let reclaimable = '';

  const paidRequests = (): number => [...sim.requests, ...attacker.requests].filter((r) => PAID_PATHS.has(r.path)).length;
  const snapshot = (): Promise<MoneySnapshot> => moneySnapshot(app);
  const secretsIn = (text: string): number => text.split(USER.secret).length - 1 + (text.split(USER.apiKey).length - 1);

  async function run(calls: readonly Call[]): Promise<void> {
    const before = await snapshot();
    const paidBefore = paidRequests();
    const attackerBefore = attacker.requests.length;
    const results = await Promise.all(calls.map((c) => dispatch(app.table, c.method, c.request)));
    await new Promise((r) => setTimeout(r, 50));
    const seen = JSON.stringify(results) + JSON.stringify(app.events.splice(0));
    rendererSaw.push(seen);
    totals.sequences += 1;
    totals.paid += paidRequests() - paidBefore;
    totals.moneySettings += riskyChanges(before, await snapshot()).length;
    totals.secrets += secretsIn(seen) + (attacker.requests.length - attackerBefore);
  }

  beforeAll(async () => {
    sim = await startSimulator({ users: [USER], timing: { timedOrderMs: 300, fastRecoverMs: 300 } });
    attacker = await startSimulator({ users: [ATTACKER] });
    app = await startAppOnFakeDesktop({ approval, saveDialog, timeoutMs: 3000 });
    // The person's own set-up, approved: the account, the default presets, one finished order.
    approval.approveNext(2);
    await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    await app.service.services.presets.addDefaults(VICTIM_ADDRESS);
    // The person watches their wallet and keeps a small auto top-up rule, off, with auto top-ups paused
    // (no question for either): turning it on, raising it, or resuming is main's to approve.
    node = await startNodeSimulator({ spending: null, wallets: [{ address: VICTIM_ADDRESS, trxSun: 1_000_000n }] });
    await app.service.services.node.setNodeUrl(node.baseUrl);
    await app.service.services.wallets.add({ label: 'Payroll', address: VICTIM_ADDRESS, plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
    await app.service.services.rules.setPausedAll(true);
    approval.approveNext();
    const saved = await app.service.services.rules.save(undefined, { name: 'Payroll', address: VICTIM_ADDRESS, enabled: false, keepTransfers: 1, topUpTransfers: 1, option: 'timed', period: '1h', dailyCapTrx: '5', maxOrdersPerDay: 1, maxSunPerEnergy: '40' });
    ruleId = saved.saved ? saved.rules.rules[0]!.id : '';
    profileId = (await app.service.services.state.view()).activeProfileId!;
    presetId = app.service.services.presets.list()[0]!.id;
    await app.service.trayAction({ kind: 'runPreset', presetId });
    for (let i = 0; i < 100 && !listOrders(app.service).some((o) => o.reclaimable); i++) await new Promise((r) => setTimeout(r, 50));
    reclaimable = listOrders(app.service).find((o) => o.reclaimable)!.localId;
    // Every approval of the set-up was used: from here on main hears only no.
    expect(ruleId).not.toBe('');
    expect(approval.scripted).toBe(0);
    approval.requests.length = 0;
    app.events.length = 0;
  }, 30_000);

  afterAll(async () => {
    await app?.service.stop();
    await sim?.close();
    await attacker?.close();
    await node?.close();
  });

  it('spends nothing, changes no money setting and reads no secret without a main-drawn approval', async () => {
    const attackerConnect = { baseUrl: attacker.baseUrl, apiKey: ATTACKER.apiKey, apiSecret: ATTACKER.secret };
    const bigBuy = call('app:buyTimed', { type: 'energy', address: ATTACKER_ADDRESS, count: 1_000_000, period: '1day' });
    const attackerPreset = { id: presetId, name: 'USDT transfer (existing holder)', kind: 'timed' as const, resource: 'energy' as const, period: '1h', count: 65_000, address: ATTACKER_ADDRESS, capSun: '999999999999999999999999' };
    const attackerRule = {
      name: 'Keep it topped up',
      address: VICTIM_ADDRESS,
      enabled: true,
      keepTransfers: 100,
      topUpTransfers: 100,
      option: 'cheapest' as const,
      period: '1h',
      dailyCapTrx: '1000000',
      maxOrdersPerDay: 96,
    };
    /** What an AI assistant may buy (issue 27), as large and as wide as the schema lets a renderer ask. */
    const attackerAllowance = { dailyTrx: '100000', perOrderTrx: '100000', watchedOnly: false, addresses: [ATTACKER_ADDRESS, VICTIM_ADDRESS] };
    /** One valid request per method: a method added to the contract without one does not compile. */
    const everyMethod: { [M in Method]: RequestOf<M> } = {
      'app:getInfo': {},
      'app:getState': {},
      'app:startDemo': {},
      'app:stopDemo': {},
      'app:connectAccount': attackerConnect,
      'app:removeCredentials': { profileId },
      'app:setActiveProfile': { profileId },
      'app:refreshBalance': {},
      'app:checkAddress': { address: ATTACKER_ADDRESS },
      'app:quoteTimed': { type: 'energy', count: 65_000, period: '1h' },
      'app:quoteFastRecover': { resourceType: 'energy', count: 65_000 },
      'app:buyTimed': { type: 'energy', address: ATTACKER_ADDRESS, count: 65_000, period: '1h' },
      'app:buyFastRecover': { resourceType: 'energy', address: ATTACKER_ADDRESS, count: 65_000 },
      'app:activateAddress': { address: ATTACKER_ADDRESS },
      'app:reclaim': { localId: reclaimable },
      'app:queryOrders': { offset: 0, limit: 1_000, text: 'en', states: ['succeeded', 'running'] },
      'app:orderTotals': { filter: {}, period: 'day' },
      'app:spendChart': { days: 30 },
      'app:priceHistory': { days: 7 },
      'app:exportOrders': { filter: {} },
      'app:getOrderDetail': { localId: reclaimable },
      'app:getSmartPrice': {},
      'app:listPresets': {},
      'app:savePreset': { preset: attackerPreset },
      'app:deletePreset': { id: 'no-such-preset' },
      'app:reorderPresets': { ids: app.service.services.presets.list().map((p) => p.id).reverse() },
      'app:runPreset': { id: presetId },
      'app:addDefaultPresets': { address: ATTACKER_ADDRESS },
      'app:getSettings': {},
      'app:updateSettings': { patch: { notificationsEnabled: false, dailyLimitSun: '999999999999999999999999', lowBalanceThresholdSun: '0', launchAtLogin: true } },
      'app:openExternal': { url: 'https://tronscan.org/#/address/T' },
      'app:openLogs': {},
      'app:openDashboard': { tab: 'orders', localId: null },
      'app:listWallets': {},
      'app:addWallet': { wallet: { label: 'Attacker', address: ATTACKER_ADDRESS, plan: 'holder', exactRecipient: null, topUpTransfers: 2 } },
      'app:updateWallet': { id: 'no-such-wallet', wallet: { label: 'x', plan: 'holder', exactRecipient: null, topUpTransfers: 2 } },
      'app:removeWallet': { id: 'no-such-wallet' },
      'app:refreshWallet': { id: 'no-such-wallet' },
      'app:estimateTransfer': { from: VICTIM_ADDRESS, to: ATTACKER_ADDRESS, amountUsdt: null },
      'app:quoteTopUp': { walletId: 'no-such-wallet', transfers: 2 },
      'app:buyTopUp': { walletId: 'no-such-wallet', transfers: 2, option: 'timed', maxSun: '999999999999' },
      'app:getNodeSettings': {},
      'app:setNodeUrl': { nodeUrl: null },
      'app:setNodeDailyBudget': { budget: 100_000_000 },
      'app:setNodeKey': { apiKey: 'attacker-chosen-key' },
      'app:clearNodeKey': {},
      'app:getSavings': {},
      'app:listRules': {},
      'app:saveRule': { draft: attackerRule },
      'app:setRuleEnabled': { id: ruleId, enabled: true },
      'app:deleteRule': { id: 'no-such-rule' },
      'app:acknowledgeRule': { id: 'no-such-rule' },
      'app:setAutoTopUpsPaused': { paused: false },
      'app:hidePopover': {},
      'app:setPollingPaused': { paused: true },
      'app:listDecisions': { limit: 200 },
      'app:getAssistantAllowance': {},
      'app:saveAssistantAllowance': { draft: attackerAllowance },
    };
    for (const [method, request] of Object.entries(everyMethod)) {
      await run([{ method, request } as Call]);
      // Leave the demo again, as a renderer would, before the next method.
      if (method === 'app:startDemo') await run([call('app:stopDemo', {})]);
    }
    const sequences: Call[][] = [
      // The review's sequences.
      [call('app:updateSettings', { patch: { notificationsEnabled: false, launchAtLogin: true } }), ...Array.from({ length: 11 }, () => bigBuy)],
      [call('app:savePreset', { preset: attackerPreset }), ...Array.from({ length: 5 }, () => call('app:runPreset', { id: presetId }))],
      [call('app:connectAccount', { ...attackerConnect, profileId })],
      [call('app:connectAccount', { ...attackerConnect, name: 'Attacker' })],
      [call('app:removeCredentials', { profileId })],
      [call('app:updateSettings', { patch: { dailyLimitSun: '999999999999999999999999' } }), bigBuy, bigBuy],
      [call('app:addDefaultPresets', { address: ATTACKER_ADDRESS }), call('app:listPresets', {})],
      [call('app:updateSettings', { patch: { lowBalanceThresholdSun: '0' } })],
      // The large-order warning raised so a typo of 6500000 for 65000 reads as a normal order.
      [call('app:updateSettings', { patch: { largeOrderSun: '999999999999999999', largeOrderPercent: 100 } }), bigBuy],
      // Draining with the person's own approved preset, and flooding main with questions.
      Array.from({ length: 20 }, () => call('app:runPreset', { id: presetId })),
      Array.from({ length: 20 }, () => bigBuy),
      [call('app:setActiveProfile', { profileId }), bigBuy, call('app:buyFastRecover', { resourceType: 'net', address: ATTACKER_ADDRESS, count: 5_000 })],
      [call('app:reclaim', { localId: reclaimable }), call('app:activateAddress', { address: ATTACKER_ADDRESS })],
      [call('app:startDemo', {}), call('app:savePreset', { preset: { ...attackerPreset, id: undefined } }), call('app:stopDemo', {}), call('app:runPreset', { id: presetId })],
      [call('app:savePreset', { preset: { ...attackerPreset, id: 'new-attacker-preset' } }), call('app:runPreset', { id: 'new-attacker-preset' })],
      // Auto top-up: a rule on the person's watched wallet with the largest caps, then resume, turn on, raise.
      [call('app:saveRule', { draft: attackerRule }), call('app:setAutoTopUpsPaused', { paused: false }), call('app:listRules', {})],
      [call('app:setAutoTopUpsPaused', { paused: true }), call('app:setAutoTopUpsPaused', { paused: false })],
      // Silencing what the person sees: pause polling, then buy while nothing would tell them.
      [call('app:setPollingPaused', { paused: true }), bigBuy],
      [call('app:setRuleEnabled', { id: ruleId, enabled: true }), call('app:saveRule', { id: ruleId, draft: attackerRule })],
      [call('app:saveRule', { id: ruleId, draft: { ...attackerRule, enabled: false } }), call('app:acknowledgeRule', { id: ruleId }), call('app:setRuleEnabled', { id: ruleId, enabled: true })],
      Array.from({ length: 10 }, () => call('app:saveRule', { draft: attackerRule })),
      // The rule's price ceiling raised, removed (back to the burn price) or set far above the burn price.
      ['400', '', '100000'].map((maxSunPerEnergy) =>
        call('app:saveRule', { id: ruleId, draft: { name: 'Payroll', address: VICTIM_ADDRESS, enabled: false, keepTransfers: 1, topUpTransfers: 1, option: 'timed', period: '1h', dailyCapTrx: '5', maxOrdersPerDay: 1, maxSunPerEnergy } }),
      ),
      // The assistant allowance (issue 27): created, then raised and widened to the attacker's address, then off and on again.
      [call('app:saveAssistantAllowance', { draft: attackerAllowance }), call('app:getAssistantAllowance', {})],
      [call('app:saveAssistantAllowance', { draft: { dailyTrx: '1', perOrderTrx: '1', watchedOnly: true, addresses: [] } })],
      [call('app:saveAssistantAllowance', { draft: null }), call('app:saveAssistantAllowance', { draft: { ...attackerAllowance, addresses: [ATTACKER_ADDRESS] } })],
      // The history leaves the machine only where the person saves it, in main's dialog.
      Array.from({ length: 5 }, () => call('app:exportOrders', { filter: { address: VICTIM_ADDRESS } })),
    ];
    for (const sequence of sequences) await run(sequence);

    console.log(
      `renderer-attack: sequences=${totals.sequences} paid_without_approval=${totals.paid} money_settings_without_approval=${totals.moneySettings} secrets_read=${totals.secrets}`,
    );
    // The questions did reach main: a bypass, not a silent dialog, would show here.
    expect(approval.requests.length).toBeGreaterThan(20);
    expect(approval.kinds()).toEqual(expect.arrayContaining(['auto_top_up', 'resume_auto_top_ups', 'pause_polling', 'assistant_allowance']));
    expect(saveDialog.asked).toBe(6);
    expect(totals.sequences).toBeGreaterThanOrEqual(Object.keys(everyMethod).length + sequences.length);
    expect(totals).toMatchObject({ paid: 0, moneySettings: 0, secrets: 0 });
    expect(attacker.requests).toHaveLength(0);
    expect(sim.balanceOf(USER.apiKey).trxSun).toBe(USER.trxSun - 3_250_000n);
  }, 60_000);

  it('afterwards a tray click (a gesture in main) still buys for the person, to the approved address', async () => {
    const before = sim.requests.length;
    await app.service.trayAction({ kind: 'runPreset', presetId });
    const buys = sim.requests.slice(before).filter((r) => r.path === '/buy_energy');
    expect(buys.map((r) => r.form['address'])).toEqual([VICTIM_ADDRESS]);
  });

  it('an export is written only where the person picked in the save dialog main draws', async () => {
    const path = join(app.userDataDir, 'picked-by-the-person.csv');
    saveDialog.answer = path;
    const result = await dispatch(app.table, 'app:exportOrders', { filter: {} });
    saveDialog.answer = null;
    expect(result).toMatchObject({ ok: true, value: { saved: true, fileName: 'picked-by-the-person.csv' } });
    expect(readFileSync(path, 'utf8').split('\n')[0]).toContain('local_id');
  });

  it('the counters see what an approval lets through (the measurement is live)', async () => {
    const before = await snapshot();
    const paidBefore = paidRequests();
    approval.approveNext(2);
    await dispatch(app.table, 'app:updateSettings', { patch: { notificationsEnabled: false } });
    await dispatch(app.table, 'app:buyTimed', { type: 'energy', address: VICTIM_ADDRESS, count: 65_000, period: '1h' });
    expect(paidRequests() - paidBefore).toBe(1);
    expect(riskyChanges(before, await snapshot())).toEqual(['notifications turned off']);
    // An approved price ceiling removed (back to the burn price) is seen, then a rule turned on (auto top-ups stay paused: nothing is bought).
    approval.approveNext();
    const draft = { name: 'Payroll', address: VICTIM_ADDRESS, enabled: false, keepTransfers: 1, topUpTransfers: 1, option: 'timed' as const, period: '1h', dailyCapTrx: '5', maxOrdersPerDay: 1, maxSunPerEnergy: '' };
    expect(await dispatch(app.table, 'app:saveRule', { id: ruleId, draft })).toMatchObject({ ok: true, value: { saved: true } });
    expect(riskyChanges(before, await snapshot())).toEqual(['notifications turned off', `auto top-up ${ruleId} allowed to spend more`]);
    approval.approveNext();
    expect(await dispatch(app.table, 'app:setRuleEnabled', { id: ruleId, enabled: true })).toMatchObject({ ok: true });
    expect(riskyChanges(before, await snapshot())).toEqual(['notifications turned off', `auto top-up ${ruleId} allowed to spend more`]);
    // The assistant allowance approved by the person is seen, and so is an approved raise on top of it.
    const allowance = { dailyTrx: '10', perOrderTrx: '2', watchedOnly: true, addresses: [] };
    approval.approveNext();
    expect(await dispatch(app.table, 'app:saveAssistantAllowance', { draft: allowance })).toMatchObject({ ok: true, value: { saved: true } });
    expect(riskyChanges(before, await snapshot())).toContain(`assistant allowance of ${profileId} created`);
    const created = await snapshot();
    approval.approveNext();
    expect(await dispatch(app.table, 'app:saveAssistantAllowance', { draft: { ...allowance, dailyTrx: '11' } })).toMatchObject({ ok: true, value: { saved: true } });
    expect(riskyChanges(created, await snapshot())).toEqual([`assistant allowance of ${profileId} raised or widened`]);
    expect(approval.kinds().at(-1)).toBe('assistant_allowance');
  });
});
