import { describe, expect, it } from 'vitest';
import { DEMO_ADDRESS } from '../../../../src/core/app/app-service.ts';
import { InvalidInputError } from '../../../../src/core/api/errors.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { join } from 'node:path';
import { fakeDesktopApps, listOrders, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';
import { holdWriteLock } from '../../../support/order-db.ts';

const startApp = fakeDesktopApps();

async function app(demo = true): Promise<AppOnFakeDesktop> {
  const h = await startApp();
  if (demo) await h.service.services.sessions.startDemo();
  return h;
}

const failure = (work: Promise<unknown>): Promise<unknown> => work.then(() => null, (e: unknown) => e);

describe('what the dashboard asks to buy (OrderCommands)', () => {
  it('refuses every order before an account or the demo is open', async () => {
    const h = await app(false);
    const err = await failure(h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' }));
    expect(toIpcError(err)).toEqual({ code: 'invalid_input', message: 'Not connected: connect an account or start the demo first.', key: 'errors:app.notConnected', values: {} });
  });

  it('checks an order once, in the client, before its intent is journaled: a bad one leaves no record', async () => {
    const h = await app();
    const bad = await failure(h.service.services.commands.buyTimed({ type: 'energy', address: ` ${DEMO_ADDRESS.slice(0, -1)}x `, count: 65_000, period: '1h' }));
    expect(bad).toBeInstanceOf(InvalidInputError);
    expect((bad as InvalidInputError).endpoint).toBe('buy_energy');
    const low = await failure(h.service.services.commands.buyTimed({ type: 'net', address: DEMO_ADDRESS, count: 99, period: '1day' }));
    expect((low as Error).message).toContain('at least 100');
    const fast = await failure(h.service.services.commands.buyFastRecover({ resourceType: 'energy', address: 'T', count: 1 }));
    expect(toIpcError(fast).code).toBe('invalid_input');
    expect(listOrders(h.service)).toEqual([]);
  });

  it('refuses an order whose intent cannot be written, with a storage error, and sends nothing', async () => {
    const sent: string[] = [];
    const h = await startApp({ onApiRequest: (e) => void sent.push(e.endpoint) });
    await h.service.services.sessions.startDemo();
    // Another program holds the order store past the 5 s a write waits: the intent cannot be committed.
    const release = holdWriteLock(join(h.userDataDir, 'demo', 'orders.sqlite'));
    const err = await failure(h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' }));
    release();
    expect(toIpcError(err)).toMatchObject({ code: 'storage', message: expect.stringMatching(/^Could not save the order journal \(another program is writing to it\)/) });
    expect(sent).not.toContain('buy_energy');
    expect(listOrders(h.service)).toEqual([]);
  }, 20_000);

  it('takes the white space around an address off and places the order', async () => {
    const h = await app();
    const order = await h.service.services.commands.buyTimed({ type: 'energy', address: `  ${DEMO_ADDRESS}\n`, count: 65_000, period: '1h' });
    expect(order).toMatchObject({ kind: 'energy', address: DEMO_ADDRESS, state: 'running' });
    expect(h.events.some((e) => e.event === 'app:order-updated' && (e.payload as { localId: string }).localId === order.localId)).toBe(true);
  });

  it('reclaims only a finished timed order that was not reclaimed yet', async () => {
    const h = await app();
    const order = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    const early = await failure(h.service.services.commands.reclaim(order.localId));
    expect(toIpcError(early)).toMatchObject({ code: 'invalid_input', message: 'Only a finished timed order whose delegation still lasts, and that was not reclaimed yet, can be reclaimed.', key: 'errors:app.notReclaimable' });
    expect(toIpcError(await failure(h.service.services.commands.reclaim('no-such-order'))).code).toBe('not_found');
  });

  it('says in words why an address is not one', async () => {
    const h = await app();
    expect(h.service.services.commands.checkAddress(` ${DEMO_ADDRESS} `)).toEqual({ valid: true, reason: null });
    expect(h.service.services.commands.checkAddress('')).toEqual({ valid: false, reason: { key: 'errors:address.empty' } });
    expect(h.service.services.commands.checkAddress(`${DEMO_ADDRESS.slice(0, -1)}9`)).toEqual({ valid: false, reason: { key: 'errors:address.badChecksum' } });
  });
});

describe('the paid path: approval and the daily limit (issue 12)', () => {
  const buy = { type: 'energy' as const, address: DEMO_ADDRESS, count: 65_000, period: '1h' };
  const paidRequests = (h: AppOnFakeDesktop): string[] =>
    h.events.filter((e) => e.event === 'app:order-updated').map((e) => (e.payload as { localId: string }).localId);

  it('asks main before a dashboard buy, with the address in full, the fresh quote and the host', async () => {
    const h = await app();
    await h.service.services.commands.buyTimed(buy);
    expect(h.approval.kinds()).toEqual(['buy']);
    const [asked] = h.approval.requests;
    expect(asked).toMatchObject({ address: DEMO_ADDRESS, costSun: 3_250_000n, host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
    expect(h.approval.lastText()).toContain('Demo — no real funds');
    expect(listOrders(h.service)[0]).toMatchObject({ quotedSun: '3250000' });
  });

  it("says \"large order\" in main's approval in the dashboard's words when the cost is over the setting", async () => {
    const h = await app();
    await expect.poll(async () => (await h.service.services.state.view()).balance?.trxSun, { timeout: 5000 }).toBe('500000000');
    // 500,000 energy at 50 SUN: 25 TRX, over the default 20 TRX (and within the daily limit, so main asks).
    await h.service.services.commands.buyTimed({ ...buy, count: 500_000 });
    expect(h.approval.lastText()).toContain('Large order: 25.00 TRX is over 20.00 TRX. Check the amount before you buy.');
    await h.service.services.commands.buyTimed(buy);
    expect(h.approval.lastText()).not.toContain('Large order');
    // The setting moves the line (lowering it asks nothing).
    await h.service.services.settings.applyPatch({ largeOrderSun: '3000000' });
    await h.service.services.commands.buyTimed(buy);
    expect(h.approval.lastText()).toContain('Large order: 3.25 TRX is over 3.00 TRX.');
    expect(h.approval.kinds()).toEqual(['buy', 'buy', 'buy']);
  });

  it('sends and journals nothing when the approval is declined', async () => {
    const h = await app();
    h.approval.denyNext();
    const err = await failure(h.service.services.commands.buyTimed(buy));
    expect(toIpcError(err)).toEqual({ code: 'not_approved', message: 'Not approved: nothing was sent.', key: 'errors:app.notApprovedSent', values: {} });
    expect(listOrders(h.service)).toEqual([]);
    expect(paidRequests(h)).toEqual([]);
    expect((await h.service.services.balance.refresh()).trxSun).toBe('500000000');
  });

  it('asks nothing for an order the client refuses', async () => {
    const h = await app();
    await failure(h.service.services.commands.buyTimed({ ...buy, address: 'TNotAnAddress' }));
    expect(h.approval.requests).toEqual([]);
  });

  it('refuses an order over what is left of the daily limit before asking, naming the limit and what is left', async () => {
    const h = await app();
    await h.service.services.settings.applyPatch({ dailyLimitSun: '5000000' });
    await h.service.services.commands.buyTimed(buy);
    const asked = h.approval.requests.length;
    const err = await failure(h.service.services.commands.buyTimed(buy));
    expect(toIpcError(err)).toMatchObject({ code: 'spending_limit' });
    expect((err as Error).message).toContain('it costs 3.25 TRX and only 1.75 TRX of your daily spending limit of 5.00 TRX is left today');
    expect(h.approval.requests).toHaveLength(asked);
    expect(listOrders(h.service)).toHaveLength(1);
  });

  it('a tray click buys without asking, within the daily limit all the same', async () => {
    const h = await app();
    await h.service.services.settings.applyPatch({ dailyLimitSun: '5000000' });
    const [preset] = h.service.services.presets.list();
    await h.service.trayAction({ kind: 'runPreset', presetId: preset!.id });
    expect(h.approval.requests).toEqual([]);
    expect(listOrders(h.service)).toHaveLength(1);
    await h.service.trayAction({ kind: 'runPreset', presetId: preset!.id });
    expect(listOrders(h.service)).toHaveLength(1);
    expect(h.notifications.at(-1)).toMatchObject({ title: expect.stringMatching(/Top-up not bought/), body: expect.stringMatching(/daily spending limit of 5.00 TRX/) });
  });

  it('two orders placed at once cannot both spend the last of the limit', async () => {
    const h = await app();
    await h.service.services.settings.applyPatch({ dailyLimitSun: '5000000' });
    const [timed, , fast] = h.service.services.presets.list();
    await Promise.all([timed!, fast!].map((p) => h.service.trayAction({ kind: 'runPreset', presetId: p.id })));
    expect(listOrders(h.service)).toHaveLength(1);
    expect(h.notifications.filter((n) => /daily spending limit/.test(n.body))).toHaveLength(1);
  });

  it('asks before a reclaim, which the limit does not count', async () => {
    const h = await app();
    const order = await h.service.services.commands.buyTimed(buy);
    await expect.poll(() => listOrders(h.service).find((o) => o.localId === order.localId)?.reclaimable, { timeout: 10_000 }).toBe(true);
    h.approval.denyNext();
    expect(toIpcError(await failure(h.service.services.commands.reclaim(order.localId))).code).toBe('not_approved');
    await h.service.services.commands.reclaim(order.localId);
    expect(h.approval.kinds()).toEqual(['buy', 'reclaim', 'reclaim']);
    expect(h.approval.lastText()).toContain('The service documents no refund');
  });
});
