import type { TrayInput } from '../src/core/app/tray/tray-model.ts';
import type { OrderStateView, OrderView, PresetView } from '../src/shared/views.ts';
import { tronAddressFromSeed } from '../src/core/simulator/index.ts';

const NOW = 1_750_000_000_000;
const SETTLED: readonly OrderStateView[] = ['succeeded', 'failed', 'stalled', 'outcome_unknown'];

function preset(i: number): PresetView {
  const timed = i % 3 !== 0;
  return {
    id: `preset-${i}`,
    name: `Preset ${i}`,
    kind: timed ? 'timed' : 'fast_recover',
    resource: i % 5 === 0 ? 'net' : 'energy',
    period: timed ? (i % 2 ? '1h' : '1day') : null,
    count: 32_000 + i * 16_500,
    address: tronAddressFromSeed(`tray-bench-preset-${i}`),
    capSun: String(10_000_000 + i * 1_000_000),
    busy: i === 7,
  };
}

/** `active` of the orders are submitting or running; the rest cycle through the settled states. */
function order(i: number, active: boolean): OrderView {
  const state: OrderStateView = active ? (i % 4 === 0 ? 'submitting' : 'running') : SETTLED[i % SETTLED.length]!;
  const timed = i % 2 === 0;
  return {
    localId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    kind: timed ? 'energy' : 'fast_recover',
    address: tronAddressFromSeed(`tray-bench-order-${i}`),
    resource: 'energy',
    count: 65_000 + i * 1_000,
    period: timed ? '1h' : null,
    orderSn: timed ? `EN${NOW}${String(i).padStart(4, '0')}` : null,
    orderId: timed ? null : 100_001 + i,
    quotedSun: '3250000',
    chargedSun: state === 'submitting' ? null : '3250000',
    createdAt: NOW - (50 - i) * 60_000,
    updatedAt: NOW - (50 - i) * 30_000,
    state,
    serverStatus: active ? 'pending' : state,
    txIds: state === 'succeeded' ? ['ab'.repeat(32)] : [],
    error: state === 'failed' ? 'insufficient pool resources' : null,
    finishedAt: active ? null : NOW - (50 - i) * 20_000,
    presetId: `preset-${i % 20}`,
    reclaimable: state === 'succeeded' && timed,
  };
}

/** Ready-made order views (as OrderViews makes them) and the tray input built from them: the tray_menu_build_ms figure. */
export function trayFixture(presetCount: number, orderCount: number, inProgress: number): { orders: OrderView[]; input: Omit<TrayInput, 'activeOrders'> } {
  const presets = Array.from({ length: presetCount }, (_, i) => preset(i));
  // Spread the in-progress orders through the list, as newer and older ones interleave.
  const step = Math.max(1, Math.floor(orderCount / inProgress));
  const orders = Array.from({ length: orderCount }, (_, i) => order(i, i % step === 0 && i / step < inProgress));
  return {
    orders,
    input: {
      mode: 'account',
      profileName: 'Main account',
      balance: { trxSun: 1_234_567_890n, usdtMicros: 56_780_000n, updatedAt: NOW - 20_000 },
      lowBalanceThresholdSun: 50_000_000n,
      offline: false,
      paused: false,
      presets,
      wallets: [],
      quotes: new Map(presets.map((p, i) => [p.id, 3_250_000n + BigInt(i) * 100_000n])),
      now: NOW,
      staleAfterMs: 180_000,
    },
  };
}
