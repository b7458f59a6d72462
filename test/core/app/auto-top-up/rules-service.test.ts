import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../../src/core/base/clock.ts';
import { OrderJournal } from '../../../../src/core/orders/order-journal.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import type { RuleDraftView } from '../../../../src/shared/views.ts';
import { startSimulator } from '../../../../src/core/simulator/index.ts';
import { startNodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import { ruleDraft } from './rule-drafts.ts';
import { fakeDesktopApps, listOrders, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();
const LOW = tronAddressFromSeed('rules-service-low');
const OTHER = tronAddressFromSeed('rules-service-other');
const FAST = { refreshMs: 200, settleMs: 100, retryMs: 200 };

/** The demo with one quiet wallet that cannot cover a transfer (12,400 energy), watched. */
async function demoWithLowWallet(): Promise<AppOnFakeDesktop> {
  const h = await startApp({
    walletCadence: FAST,
    demoNode: { spending: null, wallets: [{ address: LOW, trxSun: 50_000_000n, usdtMicros: 10_000_000n, stakedEnergy: 12_400n }, { address: OTHER, trxSun: 1_000_000n }] },
  });
  await h.service.services.sessions.startDemo();
  await h.service.services.wallets.add({ address: LOW, label: 'Payroll', plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
  return h;
}

const draft = (over: Partial<RuleDraftView> = {}): RuleDraftView => ruleDraft(LOW, over);

const ruleOrders = (h: AppOnFakeDesktop) => listOrders(h.service).filter((o) => o.ruleId !== undefined);

describe('auto top-up in the app (RulesService) against the linked simulators', () => {
  it('says what is wrong with a draft in words and saves nothing, asking nothing', async () => {
    const h = await demoWithLowWallet();
    const answer = await h.service.services.rules.save(undefined, draft({ address: OTHER, dailyCapTrx: 'lots', keepTransfers: 3, topUpTransfers: 2 }));
    expect(answer.saved).toBe(false);
    const problems = answer.saved ? [] : answer.problems;
    expect(problems.map((p) => p.field).sort()).toEqual(['address', 'dailyCapTrx', 'topUpTransfers']);
    expect(problems.find((p) => p.field === 'address')?.text).toEqual({ key: 'errors:ruleDraft.notWatched' });
    expect(h.approval.kinds()).not.toContain('auto_top_up');
    expect(h.service.services.rules.list().rules).toEqual([]);
  });

  it('a denied approval saves no rule and buys nothing', async () => {
    const h = await demoWithLowWallet();
    h.approval.denyNext();
    await expect(h.service.services.rules.save(undefined, draft())).rejects.toMatchObject({ kind: 'not_approved' });
    expect(h.approval.lastText()).toContain(LOW);
    expect(h.service.services.rules.list().rules).toEqual([]);
    await h.service.services.rules.evaluateAll();
    await h.whenIdle();
    expect(ruleOrders(h)).toEqual([]);
  });

  it('an approved rule buys once for the low wallet, however many readings race, names the rule in the notification, and the tray counts it', async () => {
    const h = await demoWithLowWallet();
    const saved = await h.service.services.rules.save(undefined, draft());
    expect(saved.saved).toBe(true);
    expect(h.approval.requests.at(-1)).toMatchObject({ kind: 'auto_top_up', address: LOW, amountSun: 20_000_000n });
    // Many evaluations at once (readings arriving together): one order.
    await Promise.all(Array.from({ length: 8 }, () => h.service.services.rules.evaluateAll()));
    await expect.poll(() => ruleOrders(h).length, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => h.notifications.some((n) => n.title.startsWith('Auto top-up “\u2068Keep Payroll ready\u2069”')), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => h.service.services.wallets.list().wallets[0]?.covered?.planned ?? '0', { timeout: 10_000 }).not.toBe('0');
    await h.whenIdle();
    await Promise.all(Array.from({ length: 4 }, () => h.service.services.rules.evaluateAll()));
    expect(ruleOrders(h)).toHaveLength(1);
    const [order] = ruleOrders(h);
    const why = h.service.services.rules.decisions({ ruleId: order!.ruleId!, orderLocalId: order!.localId, before: order!.createdAt + 60_000, limit: 5 });
    expect(why).toEqual([expect.objectContaining({ kind: 'buy', reason: 'below_keep', ruleName: 'Keep Payroll ready', orderSerial: order!.orderSn, option: 'timed', period: '1h', count: order!.count })]);
    // The card's "last bought" line: the purchase with the order's number, kept while later readings only skip.
    expect(h.service.services.rules.list().rules[0]?.lastBuy).toMatchObject({ kind: 'buy', orderLocalId: order!.localId, orderSerial: order!.orderSn, quotedSun: order!.quotedSun });
    expect(h.service.services.rules.list().rules[0]?.lastDecision?.kind).not.toBe('buy');
    expect(why[0]?.detail).toMatch(/^Ordered [\d,]+ energy for 1 hr, quoted [\d.]+ TRX: 12,400 energy covers 0 transfers; the rule keeps 1\.$/);
    expect(why[0]?.text?.key).toBe('decisions:buy');
    const line = h.service.trayModel().menu.find((i) => i.type === 'item' && i.label.startsWith('Keep Payroll ready: Auto top-up on · 1 today · '));
    expect(line).toBeDefined();
    expect(h.notifications.filter((n) => n.title.includes('Auto top-up'))).toHaveLength(1);
  }, 30_000);

  it('pause all: nothing is bought; resuming asks main, and a denial keeps it paused', async () => {
    const h = await demoWithLowWallet();
    await h.service.services.rules.setPausedAll(true);
    await h.service.services.rules.save(undefined, draft());
    await h.service.services.rules.evaluateAll();
    await h.whenIdle();
    expect(ruleOrders(h)).toEqual([]);
    expect(h.service.services.rules.list().rules[0]).toMatchObject({ state: 'paused' });
    expect(h.service.trayModel().menu.some((i) => i.type === 'item' && i.label === 'Resume auto top-ups…')).toBe(true);
    h.approval.denyNext();
    await h.service.trayAction({ kind: 'resumeAutoTopUps' });
    expect(h.approval.requests.at(-1)?.kind).toBe('resume_auto_top_ups');
    expect(h.service.services.rules.list().pausedAll).toBe(true);
    await h.service.services.rules.setPausedAll(false);
    await expect.poll(() => ruleOrders(h).length, { timeout: 5_000 }).toBe(1);
  }, 20_000);

  it("the tray's \"Pause polling\" pauses auto top-up too (no reads, no order polls): nothing is bought until it resumes", async () => {
    const h = await demoWithLowWallet();
    await h.service.trayAction({ kind: 'togglePause' });
    await h.service.services.rules.save(undefined, draft());
    await h.service.services.rules.evaluateAll();
    await h.whenIdle();
    expect(ruleOrders(h)).toEqual([]);
    expect(h.service.services.rules.list().rules[0]).toMatchObject({ state: 'paused', lastDecision: { reason: 'paused_by_user' } });
    await h.service.trayAction({ kind: 'togglePause' });
    await expect.poll(() => ruleOrders(h).length, { timeout: 5_000 }).toBe(1);
  }, 20_000);

  it('an order for the address with an unknown outcome stops the rule until the person acknowledges it', async () => {
    const h = await demoWithLowWallet();
    await h.service.services.rules.setPausedAll(true);
    await h.service.services.rules.save(undefined, draft());
    await h.whenIdle();
    // Another writer of the same order store (the CLI) leaves an order whose outcome is unknown.
    const other = await OrderJournal.open(join(h.userDataDir, 'demo'), systemClock, { origin: 'cli' });
    const unknown = await other.recordIntent({ kind: 'energy', profileId: 'demo', address: LOW, resource: 'energy', count: 65_000, period: '1h', quotedSun: 3_250_000n });
    await other.recordOutcomeUnknown(unknown.localId, 'the connection dropped');
    other.close();
    await h.service.services.rules.setPausedAll(false);
    await h.service.services.rules.evaluateAll();
    await h.whenIdle();
    expect(ruleOrders(h)).toEqual([]);
    const [stopped] = h.service.services.rules.list().rules;
    // Never answered, so never numbered: the card says so rather than showing the internal id.
    expect(stopped).toMatchObject({ state: 'stopped', unknownOrderLocalId: unknown.localId, unknownOrderSerial: null, lastBuy: null });
    expect(h.notifications.find((n) => n.title === 'Auto top-up stopped: “\u2068Keep Payroll ready\u2069”')?.body).toContain(unknown.localId);
    await h.service.services.rules.acknowledge(stopped!.id);
    await expect.poll(() => ruleOrders(h).length, { timeout: 5_000 }).toBe(1);
  }, 20_000);

  it('a failing node read pauses the rule: nothing is quoted or bought blind until the node answers again', async () => {
    const sim = await startSimulator({ users: [{ apiKey: 'rules-outage-key-1', secret: 'rules-outage-secret-1', trxSun: 1_000_000_000n, usdtMicros: 0n }] });
    const node = await startNodeSimulator({ spending: null, wallets: [{ address: LOW, trxSun: 50_000_000n, stakedEnergy: 12_400n }] });
    const h = await startApp({ walletCadence: FAST });
    try {
      await h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: 'rules-outage-key-1', apiSecret: 'rules-outage-secret-1' });
      await h.service.services.node.setNodeUrl(node.baseUrl);
      await h.service.services.wallets.add({ address: LOW, label: 'Payroll', plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
      await expect.poll(() => h.service.services.wallets.list().wallets[0]?.energy?.available ?? null, { timeout: 5_000 }).toBe('12400');
      await h.service.services.rules.setPausedAll(true);
      await h.service.services.rules.save(undefined, draft());
      node.faults.inject('/wallet/getaccountresource', { kind: 'status', status: 500 }, { times: 'always' });
      // The next read is the refresh: early in the UTC day the keyless node budget widens it to about 11 s.
      await expect.poll(() => h.service.services.wallets.list().wallets[0]?.error ?? null, { timeout: 15_000 }).not.toBeNull();
      const quotesBefore = sim.requests.filter((r) => r.path.startsWith('/query_')).length;
      await h.service.services.rules.setPausedAll(false);
      await h.service.services.rules.evaluateAll();
      await h.whenIdle();
      expect(ruleOrders(h)).toEqual([]);
      expect(sim.requests.filter((r) => r.path.startsWith('/query_')).length).toBe(quotesBefore);
      expect(h.service.services.rules.list().rules[0]).toMatchObject({ state: 'paused', lastDecision: { kind: 'paused', reason: 'node_down' } });
      node.faults.clear();
      await expect.poll(() => ruleOrders(h).length, { timeout: 15_000 }).toBe(1);
    } finally {
      await h.service.stop();
      await node.close();
      await sim.close();
    }
  }, 45_000);

  it('turning a rule on asks main; turning it off and lowering its cap do not', async () => {
    const h = await demoWithLowWallet();
    await h.service.services.rules.setPausedAll(true);
    const saved = await h.service.services.rules.save(undefined, draft({ enabled: false }));
    const id = saved.saved ? saved.rules.rules[0]!.id : '';
    const asked = h.approval.requests.length;
    await h.service.services.rules.save(id, draft({ enabled: false, dailyCapTrx: '5' }));
    expect(h.approval.requests.length).toBe(asked);
    h.approval.denyNext();
    await expect(h.service.services.rules.setEnabled(id, true)).rejects.toMatchObject({ kind: 'not_approved' });
    expect(h.service.services.rules.list().rules[0]).toMatchObject({ state: 'off' });
    await h.service.services.rules.setEnabled(id, true);
    expect(h.approval.requests.at(-1)?.changes).toEqual(['Auto top-up: off → on']);
    await h.service.services.rules.setEnabled(id, false);
    expect(h.approval.requests.length).toBe(asked + 2);
  });
});
