import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../src/core/ipc/dispatch.ts';
import { startSimulator, type Simulator } from '../../../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import type { RuleDraftView } from '../../../../src/shared/views.ts';
import { ruleDraft } from '../auto-top-up/rule-drafts.ts';
import { fakeDesktopApps, listOrders, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

/**
 * The burn price in the app (issue 21): the chain's energy fee from the TRON
 * node simulator (100 SUN per energy), the service simulator's prices moved
 * by a spike (at 300 % a 1-hour rental costs 150 SUN per energy, above
 * burning; at 100 %, 50). Auto top-up refuses what costs as much as burning
 * or more; a person may still buy it, told so in main's approval.
 */
const startApp = fakeDesktopApps();
const LOW = tronAddressFromSeed('burn-price-low');
const USER = { apiKey: 'burn-price-key-0001', secret: 'burn-price-secret-0001', trxSun: 1_000_000_000n, usdtMicros: 0n };
const FAST = { idleMs: 200, fastMs: 100, fastForMs: 5_000, trxEveryMs: 1_000 };
const NOT_CHEAPER = 'Not cheaper than burning: renting 65,000 energy costs 9.75 TRX; burning TRX for it would cost 6.50 TRX.';

const open: Array<Simulator | NodeSimulator> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const draft = (over: Partial<RuleDraftView> = {}): RuleDraftView => ruleDraft(LOW, over);

/** An account at the service simulator, the node simulator as TRON node, the low wallet watched (12,400 energy: no transfer covered). */
async function connected(options: { failFees?: boolean } = {}): Promise<{ h: AppOnFakeDesktop; sim: Simulator; node: NodeSimulator; spike: (percent: bigint) => void }> {
  let percent = 100n;
  const sim = await startSimulator({ users: [USER], pricePercent: () => percent });
  const node = await startNodeSimulator({ spending: null, wallets: [{ address: LOW, trxSun: 50_000_000n, stakedEnergy: 12_400n }], params: { energyFeeSun: 100n } });
  open.push(sim, node);
  if (options.failFees) node.faults.inject('/wallet/getchainparameters', { kind: 'status', status: 500 }, { times: 'always' });
  const h = await startApp({ walletCadence: FAST, timeoutMs: 3_000 });
  h.approval.approveNext();
  await h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
  await h.service.services.node.setNodeUrl(node.baseUrl);
  await h.service.services.wallets.add({ address: LOW, label: 'Payroll', plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
  await expect.poll(() => h.service.services.wallets.list().wallets[0]?.energy?.available ?? null, { timeout: 5_000 }).toBe('12400');
  return { h, sim, node, spike: (p) => void (percent = p) };
}

const paid = (sim: Simulator): number => sim.requests.filter((r) => r.path.startsWith('/buy_')).length;

describe('the burn price in the app', () => {
  it('a manual buy, a preset run and a wallet top-up above the burn cost are said so in main\'s approval, with both figures, and still bought after it', async () => {
    const { h, sim, spike } = await connected();
    const quote = await dispatch(h.table, 'app:quoteTimed', { type: 'energy', count: 65_000, period: '1h' });
    expect(quote).toMatchObject({ ok: true, value: { amountSun: '3250000', burnSun: '6500000' } });
    expect(await dispatch(h.table, 'app:quoteTimed', { type: 'net', count: 1_000, period: '1day' })).toMatchObject({ ok: true, value: { burnSun: null } });

    // Below the burn cost: no such note.
    h.approval.approveNext();
    expect(await dispatch(h.table, 'app:buyTimed', { type: 'energy', address: LOW, count: 65_000, period: '1h' })).toMatchObject({ ok: true });
    expect(h.approval.lastText()).not.toContain('burning');

    spike(300n);
    expect(await dispatch(h.table, 'app:quoteTimed', { type: 'energy', count: 65_000, period: '1h' })).toMatchObject({ ok: true, value: { amountSun: '9750000', burnSun: '6500000' } });
    h.approval.denyNext();
    expect(await dispatch(h.table, 'app:buyTimed', { type: 'energy', address: LOW, count: 65_000, period: '1h' })).toMatchObject({ ok: false, error: { code: 'not_approved' } });
    expect(h.approval.lastText()).toContain(NOT_CHEAPER);
    expect(paid(sim)).toBe(1);
    h.approval.approveNext();
    expect(await dispatch(h.table, 'app:buyTimed', { type: 'energy', address: LOW, count: 65_000, period: '1h' })).toMatchObject({ ok: true, value: { quotedSun: '9750000' } });
    expect(h.approval.lastText()).toContain(NOT_CHEAPER);
    expect(paid(sim)).toBe(2);

    // A preset run from the dashboard (a cap of 20 TRX, so the spike fits it).
    h.approval.approveNext(2);
    const presets = await h.service.services.presets.save({ name: 'Big', kind: 'timed', resource: 'energy', period: '1h', count: 65_000, address: LOW, capSun: '20000000' });
    await h.service.services.presets.run(presets[0]!.id, 'dashboard');
    expect(h.approval.requests.at(-1)?.kind).toBe('run_preset');
    expect(h.approval.lastText()).toContain(NOT_CHEAPER);
    expect(paid(sim)).toBe(3);

    // A wallet top-up: both quotes carry the burn cost of the energy they order.
    const topUp = await dispatch(h.table, 'app:quoteTopUp', { walletId: h.service.services.wallets.list().wallets[0]!.id, transfers: 4 });
    expect(topUp).toMatchObject({ ok: true, value: { orderEnergy: '244740', timed: { burnSun: '24474000' }, fastRecover: { burnSun: '24474000' } } });
    const timed = topUp.ok ? (topUp.value as { timed: { amountSun: string } }).timed.amountSun : '0';
    h.approval.approveNext();
    const bought = await dispatch(h.table, 'app:buyTopUp', { walletId: h.service.services.wallets.list().wallets[0]!.id, transfers: 4, option: 'timed', maxSun: timed });
    expect(bought).toMatchObject({ ok: true });
    expect(h.approval.lastText()).toMatch(/^Not cheaper than burning: renting 244,740 energy costs 36\.71 TRX; burning TRX for it would cost 24\.47 TRX\.$/m);
    expect(paid(sim)).toBe(4);
  }, 30_000);

  it('an approved rule refuses a price above the burn cost with both figures, sends nothing, and buys once the price is below it', async () => {
    const { h, sim, spike } = await connected();
    spike(300n);
    await h.service.services.rules.setPausedAll(true);
    h.approval.approveNext();
    expect((await h.service.services.rules.save(undefined, draft())).saved).toBe(true);
    expect(h.approval.lastText()).toContain("It never pays more than burning TRX for the same energy would cost at the chain's energy fee then.");
    h.approval.approveNext();
    await h.service.services.rules.setPausedAll(false);
    const ruleId = h.service.services.rules.list().rules[0]!.id;
    await expect.poll(() => h.service.services.rules.decisions({ ruleId, limit: 1 })[0]?.reason, { timeout: 5_000 }).toBe('above_burn_cost');
    const [refused] = h.service.services.rules.decisions({ ruleId, limit: 1 });
    expect(refused).toMatchObject({ kind: 'refuse', reason: 'above_burn_cost', quotedSun: '17425500' });
    expect(refused?.detail).toBe('Renting 116,170 energy costs 17.43 TRX now; burning it would cost 11.62 TRX. Not bought.');
    expect(h.notifications.at(-1)).toMatchObject({
      title: 'Auto top-up not bought: “\u2068Keep Payroll ready\u2069”',
      body: 'Renting 116,170 energy costs 17.43 TRX now; burning it would cost 11.62 TRX. Not bought.',
    });
    expect(paid(sim)).toBe(0);

    spike(100n);
    await h.service.services.rules.evaluateAll();
    await expect.poll(() => listOrders(h.service).filter((o) => o.ruleId !== undefined).length, { timeout: 5_000 }).toBe(1);
    expect(h.service.services.rules.decisions({ ruleId, limit: 1 })[0]).toMatchObject({ kind: 'buy', quotedSun: '5808500' });
  }, 30_000);

  it('with the energy fee unreadable a rule buys nothing and says why; a manual buy still goes, without a burn note', async () => {
    const { h, sim } = await connected({ failFees: true });
    h.approval.approveNext();
    await h.service.services.rules.save(undefined, draft());
    // The node's 500s are retried before the read gives up: the decision comes when it has.
    await expect.poll(() => h.service.services.rules.list().rules[0]?.lastDecision?.reason, { timeout: 10_000 }).toBe('burn_cost_unknown');
    const rule = h.service.services.rules.list().rules[0]!;
    expect(rule).toMatchObject({ state: 'paused', lastDecision: { kind: 'paused', reason: 'burn_cost_unknown' } });
    expect(rule.lastDecision?.detail).toMatch(/^Paused: the chain's energy fee cannot be read \(.+\), so what burning TRX would cost is unknown/);
    expect(paid(sim)).toBe(0);
    h.approval.approveNext();
    expect(await dispatch(h.table, 'app:buyTimed', { type: 'energy', address: LOW, count: 65_000, period: '1h' })).toMatchObject({ ok: true });
    expect(h.approval.lastText()).not.toContain('burning');
    expect(paid(sim)).toBe(1);
  }, 30_000);

  it("a rule's own price ceiling: raising it, removing it or setting it above the burn price asks main; lowering it does not", async () => {
    const { h } = await connected();
    await h.service.services.rules.setPausedAll(true);
    h.approval.approveNext();
    const created = await h.service.services.rules.save(undefined, draft({ maxSunPerEnergy: '60' }));
    expect(created.saved).toBe(true);
    expect(h.approval.lastText()).toContain("It never pays more than 60 SUN per energy, nor more than burning TRX for the same energy would cost at the chain's energy fee then.");
    const id = h.service.services.rules.list().rules[0]!.id;
    const asked = (): number => h.approval.requests.length;
    const save = async (ceiling: string): Promise<boolean> => {
      const answer = await h.service.services.rules.save(id, draft({ maxSunPerEnergy: ceiling })).catch(() => ({ saved: false }));
      return answer.saved;
    };

    let before = asked();
    expect(await save('50')).toBe(true);
    expect(asked()).toBe(before);

    h.approval.denyNext();
    expect(await save('80')).toBe(false);
    expect(h.approval.lastText()).toContain('• Price ceiling: 50 SUN per energy → 80 SUN per energy');
    expect(h.service.services.rules.list().rules[0]!.draft.maxSunPerEnergy).toBe('50');

    h.approval.approveNext();
    expect(await save('150')).toBe(true);
    expect(h.approval.requests.at(-1)?.title).toBe('Let “\u2068Keep Payroll ready\u2069” pay up to 150 SUN per energy?');
    expect(h.approval.lastText()).toContain('150 SUN per energy is above what burning TRX costs now (100 SUN per energy)');

    h.approval.approveNext();
    expect(await save('')).toBe(true);
    expect(h.approval.lastText()).toContain('• Price ceiling: 150 SUN per energy → the burn price');

    // From the burn price (100 now) to 90: lower, nothing asked; to 120: above the burn price, asked.
    before = asked();
    expect(await save('90')).toBe(true);
    expect(asked()).toBe(before);
    h.approval.denyNext();
    expect(await save('120')).toBe(false);
    expect(h.approval.lastText()).toContain('120 SUN per energy is above what burning TRX costs now (100 SUN per energy)');
    expect(h.service.services.rules.list().rules[0]!.draft.maxSunPerEnergy).toBe('90');
  }, 30_000);
});
