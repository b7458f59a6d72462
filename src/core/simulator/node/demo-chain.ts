import { tronAddressFromSeed } from '../tron-address.ts';
import type { NodeWalletSeed } from './chain-state.ts';
import type { SpendingOptions } from './spending.ts';

/**
 * The demo's chain: two sending wallets that pay USDT every few minutes, so
 * their energy drains and a top-up visibly refills it. "Payroll" starts with
 * some staked energy (about two transfers), "Shop" with none.
 */

export const DEMO_WALLET_ADDRESSES = {
  payroll: tronAddressFromSeed('energy-tray-demo-wallet-payroll'),
  shop: tronAddressFromSeed('energy-tray-demo-wallet-shop'),
} as const;

/** Recipients that already hold USDT (the cheaper transfers). */
export const DEMO_HOLDERS: readonly string[] = [0, 1, 2].map((i) => tronAddressFromSeed(`energy-tray-demo-holder-${i}`));

export const DEMO_WALLETS: readonly NodeWalletSeed[] = [
  { address: DEMO_WALLET_ADDRESSES.payroll, trxSun: 250_000_000n, usdtMicros: 50_000_000_000n, stakedEnergy: 140_000n },
  { address: DEMO_WALLET_ADDRESSES.shop, trxSun: 120_000_000n, usdtMicros: 8_000_000_000n },
  ...DEMO_HOLDERS.map((address) => ({ address, trxSun: 10_000_000n, usdtMicros: 1_000_000n })),
];

export const DEMO_SPENDING: SpendingOptions = {
  seed: 20_250_101,
  holders: DEMO_HOLDERS,
  plans: [
    { from: DEMO_WALLET_ADDRESSES.payroll, everyMs: 8 * 60_000, jitterMs: 4 * 60_000, amountMicros: 250_000_000n, newRecipientPercent: 20 },
    { from: DEMO_WALLET_ADDRESSES.shop, everyMs: 15 * 60_000, jitterMs: 10 * 60_000, amountMicros: 40_000_000n, newRecipientPercent: 50 },
  ],
};
