import { describe, expect, it } from 'vitest';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { energyPerTransfer, parseStoredWallets, type WatchedWallet } from '../../../src/core/wallets/watched-wallet.ts';

const A = tronAddressFromSeed('watched-a');
const B = tronAddressFromSeed('watched-b');
const wallet = (over: Partial<WatchedWallet> = {}): WatchedWallet => ({
  id: 'w1', profileId: 'p1', address: A, label: 'Payroll', plan: 'holder', exactRecipient: null, exactEnergy: null, topUpTransfers: 2, ...over,
});

describe('watched wallets as stored', () => {
  it('keeps valid entries and drops invalid ones and repeats, counting them', () => {
    const { items: wallets, dropped } = parseStoredWallets([
      wallet(),
      wallet({ id: 'w2' }), // the same address in the same profile
      wallet({ id: 'w3', profileId: 'p2' }), // the same address in another profile is fine
      wallet({ id: 'w4', address: `${A.slice(0, -1)}x` }),
      wallet({ id: 'w5', address: B, plan: 'exact' }), // exact without its recipient and energy
      wallet({ id: 'w6', address: B, label: ' ' }),
      { ...wallet({ id: 'w7', address: B }), extra: true },
      'not an object',
    ]);
    expect(wallets.map((w) => w.id)).toEqual(['w1', 'w3']);
    expect(dropped).toBe(6);
  });

  it('plans a transfer with the typical figure or the dry run of the exact recipient', () => {
    expect(energyPerTransfer(wallet())).toBe(64_285n);
    expect(energyPerTransfer(wallet({ plan: 'new' }))).toBe(130_285n);
    const exact = wallet({ plan: 'exact', exactRecipient: B, exactEnergy: '71234' });
    expect(parseStoredWallets([exact]).items).toHaveLength(1);
    expect(energyPerTransfer(exact)).toBe(71_234n);
  });
});
