import { describe, expect, it } from 'vitest';
import { DEMO_ADDRESS } from '../../../src/core/app/app-service.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { fakeDesktopApps } from '../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();

describe('the orders as the dashboard sees them (OrderViews)', () => {
  it('lists the live session’s orders newest first and none without a session', async () => {
    const h = await startApp();
    expect(h.service.listOrders()).toEqual([]);
    await h.service.startDemo();
    const first = await h.service.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    const second = await h.service.buyFastRecover({ resourceType: 'energy', address: DEMO_ADDRESS, count: 65_000 });
    expect(h.service.listOrders().map((o) => o.localId)).toEqual([second.localId, first.localId]);
  });

  it('adds the service’s delegations to a finished timed order’s detail, and knows no unknown order', async () => {
    const h = await startApp();
    await h.service.startDemo();
    const order = await h.service.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    await expect.poll(() => h.service.listOrders()[0]?.state, { timeout: 15_000 }).toBe('succeeded');
    const detail = await h.service.getOrderDetail(order.localId);
    expect(detail.order).toMatchObject({ localId: order.localId, state: 'succeeded', reclaimable: true });
    expect(detail.subOrders.length).toBeGreaterThan(0);
    const missing = await h.service.getOrderDetail('nope').then(() => null, (e: unknown) => e);
    expect(toIpcError(missing)).toEqual({ code: 'not_found', message: 'That order is not in the order list.' });
  });
});
