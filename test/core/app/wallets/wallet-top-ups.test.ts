import { describe, expect, it } from 'vitest';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { startSimulator } from '../../../../src/core/simulator/index.ts';
import { startNodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import type { TrayMenuItem } from '../../../../src/core/app/tray/tray-model.ts';
import type { WalletView } from '../../../../src/shared/views.ts';
import { quotedName } from '../../../../src/shared/user-names.ts';
import { fakeDesktopApps, listOrders, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();
const LOW = tronAddressFromSeed('wallet-top-ups-low');
const FAST = { idleMs: 200, fastMs: 100, fastForMs: 5_000, trxEveryMs: 1_000 };

const only = (h: AppOnFakeDesktop): WalletView => h.service.services.wallets.list().wallets[0]!;
const failure = (work: Promise<unknown>): Promise<unknown> => work.then(() => null, (e: unknown) => e);
const trayItems = (h: AppOnFakeDesktop): Array<Extract<TrayMenuItem, { type: 'item' }>> =>
  h.service.trayModel().menu.filter((i): i is Extract<TrayMenuItem, { type: 'item' }> => i.type === 'item');

describe('nothing stale: offers for an address wait for a reading after its order finished', () => {
  it('while the energy is arriving no offer is live and a top-up is refused; the next reading brings a fresh quote', async () => {
    const sim = await startSimulator({ users: [{ apiKey: 'top-ups-stale-key-1', secret: 'top-ups-stale-secret-1', trxSun: 1_000_000_000n, usdtMicros: 0n }] });
    const node = await startNodeSimulator({ spending: null, wallets: [{ address: LOW, trxSun: 50_000_000n, stakedEnergy: 12_400n }] });
    const h = await startApp({ walletCadence: FAST });
    try {
      await h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: 'top-ups-stale-key-1', apiSecret: 'top-ups-stale-secret-1' });
      await h.service.services.node.setNodeUrl(node.baseUrl);
      await h.service.services.wallets.add({ address: LOW, label: 'Payroll', plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
      // The tray, the popover and the dashboard share one offer, quoted from a reading.
      await expect.poll(() => only(h).offer, { timeout: 5_000 }).not.toBeNull();
      const before = only(h).offer!;
      expect(before).toMatchObject({ transfers: 2, orderEnergy: '116170' });
      expect(trayItems(h).find((i) => i.label.startsWith('Top up for 2 transfers'))?.enabled).toBe(true);

      // The node stops answering; the top-up is bought and finishes at the service.
      node.faults.inject('/wallet/getaccountresource', { kind: 'status', status: 500 }, { times: 'always' });
      const order = await h.service.services.topUps.buy(only(h).id, 2, before.option, BigInt(before.costSun));
      await expect.poll(() => only(h).arrival, { timeout: 10_000 }).toMatchObject({ localId: order.localId, waiting: true });
      const finished = listOrders(h.service).find((o) => o.localId === order.localId)!;
      expect(finished.state).toBe('succeeded');

      // Energy arriving: no offer anywhere, and main refuses a second buy from the old figure.
      expect(only(h).offer).toBeNull();
      expect(trayItems(h).find((i) => i.label.startsWith('Energy arriving'))).toMatchObject({ enabled: false });
      expect(trayItems(h).some((i) => i.label.startsWith('Top up for'))).toBe(false);
      const again = await failure(h.service.services.topUps.buy(only(h).id, 2, before.option, BigInt(before.costSun)));
      expect(toIpcError(again).message).toMatch(new RegExp(`^Energy from order \\S+ is on its way to ${quotedName('Payroll')}: nothing was bought`));
      expect(listOrders(h.service)).toHaveLength(1);

      // The node answers again: the reading after the order makes the offer live again, quoted afresh from it.
      node.faults.clear();
      await expect.poll(() => only(h).arrival?.waiting, { timeout: 5_000 }).toBe(false);
      await expect.poll(() => only(h).offer, { timeout: 5_000 }).not.toBeNull();
      const arrival = only(h).arrival!;
      expect(only(h).offer!.basisAt).toBeGreaterThanOrEqual(arrival.finishedAt);
      expect(only(h).offer!.basisAt).toBeGreaterThan(before.basisAt);
      expect(trayItems(h).find((i) => i.label.startsWith('Top up for 2 transfers'))?.enabled).toBe(true);
    } finally {
      await h.service.stop();
      await node.close();
      await sim.close();
    }
  }, 30_000);
});
