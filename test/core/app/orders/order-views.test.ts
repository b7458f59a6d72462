import { describe, expect, it } from 'vitest';
import { DEMO_ADDRESS } from '../../../../src/core/app/app-service.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { fakeDesktopApps, listOrders } from '../../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();

describe('the orders as the dashboard sees them (OrderViews)', () => {
  it('lists the live session’s orders newest first and none without a session', async () => {
    const h = await startApp();
    expect(listOrders(h.service)).toEqual([]);
    await h.service.services.sessions.startDemo();
    const first = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    const second = await h.service.services.commands.buyFastRecover({ resourceType: 'energy', address: DEMO_ADDRESS, count: 65_000 });
    expect(listOrders(h.service).map((o) => o.localId)).toEqual([second.localId, first.localId]);
  });

  it('adds the service’s delegations to a finished timed order’s detail, and knows no unknown order', async () => {
    const h = await startApp();
    await h.service.services.sessions.startDemo();
    const order = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    await expect.poll(() => listOrders(h.service)[0]?.state, { timeout: 15_000 }).toBe('succeeded');
    const detail = await h.service.services.orders.detail(order.localId);
    expect(detail.order).toMatchObject({ localId: order.localId, state: 'succeeded', reclaimable: true });
    expect(detail.subOrders.length).toBeGreaterThan(0);
    const missing = await h.service.services.orders.detail('nope').then(() => null, (e: unknown) => e);
    expect(toIpcError(missing)).toEqual({ code: 'not_found', message: 'That order is not in the order list.', key: 'errors:app.noOrder', values: {} });
  });

  it('answers a filtered page with its total, and pushes one order per change, never the list', async () => {
    const h = await startApp();
    await h.service.services.sessions.startDemo();
    const timed = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    await h.service.services.commands.buyFastRecover({ resourceType: 'energy', address: DEMO_ADDRESS, count: 65_000 });
    const page = h.service.services.orders.query({ kinds: ['energy'], offset: 0, limit: 10 });
    expect(page).toMatchObject({ total: 1, offset: 0, orders: [{ localId: timed.localId }] });
    expect(h.service.services.orders.query({ offset: 1, limit: 1 })).toMatchObject({ total: 2, orders: [{ localId: timed.localId }] });
    expect(h.service.services.orders.query({ text: timed.orderSn!.slice(0, 6).toLowerCase(), offset: 0, limit: 10 }).orders.map((o) => o.localId)).toContain(timed.localId);
    const pushed = h.events.filter((e) => e.event.startsWith('app:order'));
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed.every((e) => e.event === 'app:order-updated' || (e.event === 'app:orders-reset' && Object.keys(e.payload as object).length === 0))).toBe(true);
    expect(pushed.filter((e) => e.event === 'app:order-updated').every((e) => !Array.isArray(e.payload))).toBe(true);
  });

  it('keeps the orders in progress for the tray and the overview from memory', async () => {
    const h = await startApp();
    await h.service.services.sessions.startDemo();
    const order = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    expect(h.service.trayModel().menu.some((i) => i.type === 'submenu' && i.label === 'Orders in progress (1)')).toBe(true);
    await expect.poll(() => listOrders(h.service)[0]?.state, { timeout: 15_000 }).toBe('succeeded');
    expect(h.service.trayModel().menu.some((i) => i.type === 'submenu' && i.label.startsWith('Orders in progress'))).toBe(false);
    expect(listOrders(h.service)[0]).toMatchObject({ localId: order.localId, reclaimable: true });
  });

  it('offers a reclaim only while the delegation lasts, and refuses one after its period ended', async () => {
    let skewMs = 0;
    const clock = { now: () => Date.now() + skewMs, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    const h = await startApp({ clock });
    await h.service.services.sessions.startDemo();
    const order = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    await expect.poll(() => listOrders(h.service)[0]?.state, { timeout: 15_000 }).toBe('succeeded');
    expect(listOrders(h.service)[0]).toMatchObject({ localId: order.localId, reclaimable: true });
    // A day later the 1-hour rental is long over: nothing to give back.
    skewMs = 25 * 3_600_000;
    expect(listOrders(h.service)[0]).toMatchObject({ localId: order.localId, reclaimable: false });
    expect((await h.service.services.orders.detail(order.localId)).order.reclaimable).toBe(false);
    const refused = await h.service.services.commands.reclaim(order.localId).then(() => null, (e: unknown) => e);
    expect(toIpcError(refused)).toMatchObject({ code: 'invalid_input' });
    expect(listOrders(h.service).filter((o) => o.kind === 'reclaim')).toEqual([]);
  });
});
