import { describe, expect, it, vi } from 'vitest';
import { OrderJournal } from '../../../../src/core/orders/order-journal.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { DEMO_WALLET_ADDRESSES } from '../../../../src/core/simulator/node/demo-chain.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import type { WalletInput, WalletView } from '../../../../src/shared/views.ts';
import { fakeDesktopApps, listOrders, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();
const LOW = tronAddressFromSeed('wallet-service-low');
const HOLDER = tronAddressFromSeed('wallet-service-holder');
const FAST = { refreshMs: 400, settleMs: 100, retryMs: 400 };

/** The demo with quiet wallets: LOW has 12,400 energy staked and nothing spends. */
async function demo(): Promise<AppOnFakeDesktop> {
  const h = await startApp({
    walletCadence: FAST,
    demoNode: {
      spending: null,
      wallets: [
        { address: LOW, trxSun: 50_000_000n, usdtMicros: 10_000_000n, stakedEnergy: 12_400n },
        { address: HOLDER, trxSun: 1_000_000n, usdtMicros: 1n },
        { address: DEMO_WALLET_ADDRESSES.payroll, trxSun: 250_000_000n, usdtMicros: 1_000_000n, stakedEnergy: 140_000n },
      ],
    },
  });
  await h.service.services.sessions.startDemo();
  return h;
}

const input = (address: string, over: Partial<WalletInput> = {}): WalletInput => ({ address, label: 'Payroll', plan: 'holder', exactRecipient: null, topUpTransfers: 2, ...over });
const failure = (work: Promise<unknown>): Promise<unknown> => work.then(() => null, (e: unknown) => e);
const only = (h: AppOnFakeDesktop): WalletView => h.service.services.wallets.list().wallets[0]!;
const walletEvents = (h: AppOnFakeDesktop): number => h.events.filter((e) => e.event === 'app:wallets').length;

describe('watched wallets (WalletService) against the linked simulators', () => {
  it('adds a wallet after checking it on chain and shows its energy, TRX and transfers covered', async () => {
    const h = await demo();
    expect(h.service.services.wallets.list().suggestions.map((s) => s.label)).toEqual(['Payroll', 'Shop']);
    const added = await h.service.services.wallets.add(input(DEMO_WALLET_ADDRESSES.payroll));
    expect(added.warning).toBeNull();
    expect(added.wallets.suggestions.map((s) => s.label)).toEqual(['Shop']);
    await expect.poll(() => only(h).energy?.available, { timeout: 5_000 }).toBe('140000');
    expect(only(h)).toMatchObject({
      label: 'Payroll',
      activated: true,
      trxSun: '250000000',
      covered: { planned: '2', toHolders: '2', toNewAddresses: '1' },
      low: false,
      energyPerTransfer: '64285',
    });
    expect(walletEvents(h)).toBeGreaterThan(0);
    const tray = h.service.trayModel();
    expect(tray.menu.some((i) => i.type === 'item' && i.label === 'Payroll · 140,000 energy · 2 transfers')).toBe(true);
  });

  it('the demo\'s presets buy for the demo wallet it suggests watching first (so running one tops that wallet up)', async () => {
    const h = await demo();
    const [payroll] = h.service.services.wallets.list().suggestions;
    expect(payroll).toEqual({ label: 'Payroll', address: DEMO_WALLET_ADDRESSES.payroll });
    const presets = h.service.services.presets.list();
    expect(presets.length).toBeGreaterThan(0);
    expect(new Set(presets.map((p) => p.address))).toEqual(new Set([DEMO_WALLET_ADDRESSES.payroll]));
  });

  it('refuses an invalid address or label before asking the node, and a second watch of one address', async () => {
    const h = await demo();
    const bad = await failure(h.service.services.wallets.add(input(`${LOW.slice(0, -1)}x`)));
    expect(toIpcError(bad)).toEqual({
      code: 'invalid_input',
      message: 'The wallet address: bad checksum',
      key: 'errors:app.walletAddress',
      values: { problem: { key: 'errors:address.problem.badChecksum' } },
    });
    const noLabel = await failure(h.service.services.wallets.add(input(LOW, { label: '  ' })));
    expect(toIpcError(noLabel).message).toMatch(/Enter a label/);
    await h.service.services.wallets.add(input(LOW));
    const again = await failure(h.service.services.wallets.add(input(` ${LOW} `, { label: 'Other' })));
    expect(toIpcError(again).message).toBe('That address is already watched as “\u2068Payroll\u2069”.');
    expect(h.service.services.wallets.list().wallets).toHaveLength(1);
  });

  it('watches an address that is not activated, and says so', async () => {
    const h = await demo();
    const stranger = tronAddressFromSeed('wallet-service-never-activated');
    const added = await h.service.services.wallets.add(input(stranger, { label: 'New' }));
    expect(added.warning).toEqual({ key: 'errors:app.walletNotActivated' });
    expect(added.wallets.wallets[0]).toMatchObject({ activated: false, low: false });
  });

  it('an exact plan runs the dry run for its recipient and plans with that energy', async () => {
    const h = await demo();
    await h.service.services.wallets.add(input(LOW, { plan: 'exact', exactRecipient: HOLDER }));
    expect(only(h)).toMatchObject({ plan: 'exact', exactRecipient: HOLDER, energyPerTransfer: '64285' });
    const stranger = tronAddressFromSeed('wallet-service-someone-new');
    const view = await h.service.services.wallets.update(only(h).id, { label: 'Payroll', plan: 'exact', exactRecipient: stranger, topUpTransfers: 3 });
    expect(view.wallets[0]).toMatchObject({ exactRecipient: stranger, energyPerTransfer: '130285', topUpTransfers: 3 });
  });

  it('estimates a transfer from A to B: energy, what A has, what is missing and the burn cost', async () => {
    const h = await demo();
    const estimate = await h.service.services.wallets.estimate({ from: LOW, to: HOLDER, amountUsdt: '2.5' });
    expect(estimate).toMatchObject({
      from: LOW,
      to: HOLDER,
      amountMicros: '2500000',
      recipientHoldsUsdt: true,
      // The demo chain charges mainnet's dynamic-energy penalty: 14,663 base + 49,622 penalty.
      energy: '64285',
      energyPenalty: '49622',
      bandwidth: '345',
      activated: true,
      availableEnergy: '12400',
      trxSun: '50000000',
      missingEnergy: '51885',
      energyBurnSun: '5188500',
      bandwidthBurnSun: '0',
      energyFeeSun: '100',
    });
    const bad = await failure(h.service.services.wallets.estimate({ from: LOW, to: HOLDER, amountUsdt: '1.2345678' }));
    expect(toIpcError(bad).code).toBe('invalid_input');
  });

  it('"cover 2 transfers": quotes both options side by side, buys the cheaper through the paid path, and the energy shown rises', async () => {
    const h = await demo();
    // Issue 13's rule on this path too: wallet views, savings and the tray never walk the whole history.
    const wholeHistory = vi.spyOn(OrderJournal.prototype, 'list');
    await h.service.services.wallets.add(input(LOW));
    await expect.poll(() => only(h).energy?.available, { timeout: 5_000 }).toBe('12400');
    expect(only(h).low).toBe(true);
    expect(h.service.trayModel().icon).toBe('low');
    const quote = await h.service.services.topUps.quote(only(h).id, 2);
    expect(quote).toMatchObject({ missingEnergy: '116170', orderEnergy: '116170', burnSun: '11617000' });
    expect(quote.timed?.amountSun).toBeDefined();
    expect(quote.fastRecover?.amountSun).toBeDefined();
    const cheaper = BigInt(quote.timed!.amountSun) <= BigInt(quote.fastRecover!.amountSun) ? 'timed' : 'fast_recover';
    expect(quote.cheaper).toBe(cheaper);
    const price = cheaper === 'timed' ? quote.timed! : quote.fastRecover!;
    const refused = await failure(h.service.services.topUps.buy(only(h).id, 2, cheaper, BigInt((BigInt(price.amountSun) - 1n).toString())));
    expect(toIpcError(refused).message).toMatch(/more than the .* you were shown/);
    expect(listOrders(h.service)).toEqual([]);
    h.approval.denyNext();
    const denied = await failure(h.service.services.topUps.buy(only(h).id, 2, cheaper, BigInt(price.amountSun)));
    expect(toIpcError(denied).code).toBe('not_approved');
    expect(listOrders(h.service)).toEqual([]);
    const asked = h.approval.requests.length;
    const order = await h.service.services.topUps.buy(only(h).id, 2, cheaper, BigInt(price.amountSun));
    // Asked from the dashboard: main's dialog once per purchase.
    expect(h.approval.requests.length).toBe(asked + 1);
    expect(order).toMatchObject({ address: LOW, count: 116_170, state: 'running' });
    expect(only(h).incoming.map((o) => o.localId)).toEqual([order.localId]);
    await expect.poll(() => h.notifications.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => BigInt(only(h).energy?.available ?? '0'), { timeout: 5_000 }).toBeGreaterThanOrEqual(128_570n);
    expect(only(h)).toMatchObject({ low: false, covered: { planned: '2' }, incoming: [] });
    await expect.poll(() => h.service.services.savings.view().orders, { timeout: 5_000 }).toBe(1);
    const savings = h.service.services.savings.view();
    expect(savings.wouldHaveBurnedSun).toBe('11617000');
    expect(BigInt(savings.savedSun)).toBe(11_617_000n - BigInt(savings.spentSun));
    expect(h.events.some((e) => e.event === 'app:savings')).toBe(true);
    expect(h.notifications).toHaveLength(1);
    expect(wholeHistory).not.toHaveBeenCalled();
    wholeHistory.mockRestore();
  });

  it('the tray offers "Top up for N transfers (≈ X TRX)" and a click buys it', async () => {
    const h = await demo();
    await h.service.services.wallets.add(input(LOW));
    const topUpItem = () => h.service.trayModel().menu.find((i) => i.type === 'item' && i.label.startsWith('Top up for 2 transfers'));
    await expect.poll(() => topUpItem(), { timeout: 5_000 }).toMatchObject({ enabled: true });
    const item = topUpItem();
    if (item?.type !== 'item' || !item.action) throw new Error('no top-up item');
    expect(item.label).toMatch(/^Top up for 2 transfers \(≈ \d+\.\d+ TRX\)$/);
    const asked = h.approval.requests.length;
    await h.service.trayAction(item.action);
    // A click in main's own menu is the gesture: no dialog.
    expect(h.approval.requests.length).toBe(asked);
    expect(listOrders(h.service)).toHaveLength(1);
    expect(listOrders(h.service)[0]).toMatchObject({ address: LOW, count: 116_170 });
  });

  it('removing a wallet stops its readings', async () => {
    const h = await demo();
    await h.service.services.wallets.add(input(LOW));
    const view = await h.service.services.wallets.remove(only(h).id);
    expect(view.wallets).toEqual([]);
    expect(h.service.trayModel().menu.some((i) => i.type === 'item' && i.label.startsWith('Payroll'))).toBe(false);
  });
});
