import { MemoryCredentialStore } from '../../src/core/credentials/memory-store.ts';
import { OrderStore } from '../../src/core/orders/order-store.ts';
import type { OrderKind, TrackedOrder } from '../../src/core/orders/order-types.ts';
import { PriceLog } from '../../src/core/orders/price-log.ts';
import { RuleOrders } from '../../src/core/orders/rule-orders.ts';
import { words } from '../../src/core/rules/decision-words.ts';
import { englishText } from '../../src/shared/i18n/english-message.ts';
import type { Message } from '../../src/shared/i18n/message.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { profileDataDir } from '../../src/core/settings/user-data-dir.ts';
import { startSimulator, tronAddressFromSeed, type Simulator } from '../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../src/core/simulator/node/node-simulator.ts';
import { seededRandom } from '../../src/core/simulator/seeded-random.ts';
import { FakeApproval } from './fake-approval.ts';
import { startAppOnFakeDesktop } from './fake-desktop.ts';

const KEY = 'glance-user-key-7a41';
const SECRET = 'glance-user-secret-2c9d07';
/** A decision's words as the order store keeps them: the message, and its English for an older version. */
const worded = (text: Message): { detail: string; text: string } => ({ detail: englishText(text), text: JSON.stringify(text) });

export const PAYROLL = tronAddressFromSeed('glance-payroll');
export const RULE_NAME = 'Keep Payroll ready';
const DAY = 86_400_000;

/**
 * An account with a month behind it, for the pictures and the rule card
 * (issue 23's views and screenshots): a service simulator and a TRON node
 * simulator on loopback; the profile's settings with the node, a watched
 * wallet "Payroll" (plenty of energy) and its auto top-up rule; the order
 * store with a month of energy orders (their would-have-burned figures
 * recorded), a week of quotes whose price moves, and the rule's purchase
 * followed by a long run of "enough energy" decisions. Seeded through the
 * store's own writers; `deps` go to openApp.
 */
export interface GlanceAccount {
  deps: { userDataDir: string; credentialStore: MemoryCredentialStore };
  close(): Promise<void>;
}

function order(i: number, createdAt: number, kind: OrderKind, amount: bigint, random: () => number): TrackedOrder {
  const timed = kind === 'energy';
  const count = 65_000 * (1 + Math.floor(random() * 2));
  return {
    localId: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
    kind,
    profileId: 'glance',
    address: i % 3 === 0 ? PAYROLL : tronAddressFromSeed(`glance-${i % 7}`),
    resource: 'energy',
    count,
    period: timed ? '1h' : null,
    orderSn: timed ? `EN${createdAt}${String(i % 1000).padStart(3, '0')}` : null,
    orderId: timed ? null : 200_000 + i,
    quotedSun: amount,
    chargedSun: amount,
    createdAt,
    updatedAt: createdAt + 9_000,
    lastPolledAt: createdAt + 8_000,
    attempts: 3,
    state: 'succeeded',
    serverStatus: 'success',
    txIds: [],
    error: null,
    finishedAt: createdAt + 9_000,
    notifiedAt: createdAt + 9_000,
    presetId: null,
    // The chain's energy fee: 100 SUN a unit.
    wouldBurnSun: BigInt(count) * 100n,
  };
}

function seedStore(dir: string, ruleId: string, now: number): void {
  const random = seededRandom(23);
  const { store } = OrderStore.open(dir, now);
  try {
    let i = 0;
    let bought: TrackedOrder | null = null;
    store.transaction(() => {
      for (let day = 29; day >= 0; day--) {
        // Busier on weekdays, a quiet day now and then.
        const orders = day % 7 === 5 ? 0 : 1 + Math.floor(random() * 4);
        for (let n = 0; n < orders; n++) {
          const createdAt = now - day * DAY - (n + 1) * 3 * 3_600_000;
          const kind: OrderKind = random() < 0.7 ? 'energy' : 'fast_recover';
          const one = order(i++, createdAt, kind, BigInt(2_500_000 + Math.floor(random() * 4_000_000)), random);
          store.insert(one, 'app', null);
        }
      }
      bought = { ...order(i++, now - 2 * 3_600_000, 'energy', 5_856_800n, random), address: PAYROLL, count: 128_570, ruleId };
      store.insert(bought, 'app', null);
    });
    const decisions = new RuleOrders(store, () => undefined);
    const at = now - 2 * 3_600_000;
    decisions.recordDecision({
      at, ruleId, address: PAYROLL, kind: 'buy', reason: 'below_keep', ...worded(words.buy({ option: 'timed', period: '1h', count: 128_570, quotedSun: 5_856_800n }, { available: 12_400n, covered: 0n, keep: 1 })),
      orderLocalId: bought!.localId, option: 'timed', period: '1h', count: 128_570, quotedSun: 5_856_800n,
    });
    for (let n = 1; n <= 42; n++) {
      decisions.recordDecision({
        at: at + n * 90_000, ruleId, address: PAYROLL, kind: 'skip', reason: 'enough_energy', ...worded(words.enough({ available: 141_000n, covered: 2n, keep: 1 })),
        orderLocalId: null, option: null, period: null, count: null, quotedSun: null,
      });
    }
    // A week of quotes, a few a day, the price drifting: 1h rentals, day rentals and fast recovers.
    const prices = new PriceLog(store);
    // Around the simulator's list prices (50 and 60 SUN a unit), which the app's own quotes then continue.
    for (let hour = 7 * 24; hour >= 1; hour -= 3) {
      const drift = Math.round(6 * Math.sin(hour / 13) + random() * 3 - 1);
      const at = now - hour * 3_600_000;
      prices.record({ at, kind: 'timed', resource: 'energy', period: '1h', count: 65_000, unitPriceSun: BigInt(50 + drift), amountSun: BigInt((50 + drift) * 65_000) });
      prices.record({ at: at + 1, kind: 'fast_recover', resource: 'energy', period: null, count: 65_000, unitPriceSun: BigInt(60 + drift), amountSun: BigInt((60 + drift) * 65_000) });
    }
  } finally {
    store.close();
  }
}

export async function glanceAccount(): Promise<GlanceAccount> {
  const sim: Simulator = await startSimulator({ users: [{ apiKey: KEY, secret: SECRET, trxSun: 500_000_000n, usdtMicros: 12_500_000n }] });
  const node: NodeSimulator = await startNodeSimulator({ wallets: [{ address: PAYROLL, trxSun: 50_000_000n, usdtMicros: 10_000_000n, stakedEnergy: 141_000n }], spending: null });
  const credentialStore = new MemoryCredentialStore();
  const app = await startAppOnFakeDesktop({ credentialStore, approval: new FakeApproval(false).approveNext() });
  await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: KEY, apiSecret: SECRET });
  const profileId = app.service.services.state.view().activeProfileId!;
  await app.service.stop();
  const now = Date.now();
  const ruleId = 'glance-rule-1';
  await new SettingsStore({ dir: app.userDataDir }).update((s) => ({
    ...s,
    nodeUrl: node.baseUrl,
    wallets: [{ id: 'glance-wallet-1', profileId, address: PAYROLL, label: 'Payroll', plan: 'holder', exactRecipient: null, exactEnergy: null, topUpTransfers: 2 }],
    rules: [
      {
        id: ruleId, profileId, address: PAYROLL, name: RULE_NAME, enabled: true, keepTransfers: 1, topUpTransfers: 2, option: 'timed', period: '1h',
        dailyCapSun: '20000000', maxOrdersPerDay: 3, createdAt: now - 3 * DAY, unknownCheckedAt: 0,
      },
    ],
  }));
  seedStore(profileDataDir(app.userDataDir, profileId), ruleId, now);
  return {
    deps: { userDataDir: app.userDataDir, credentialStore },
    close: async () => {
      await node.close();
      await sim.close();
    },
  };
}
