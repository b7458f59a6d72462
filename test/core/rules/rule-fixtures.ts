import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import type { RuleInput, RuleSituation } from '../../../src/core/rules/decide.ts';
import type { Rule } from '../../../src/core/rules/rule.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';

export const ADDRESS = tronAddressFromSeed('rule-wallet-a');
export const OTHER_ADDRESS = tronAddressFromSeed('rule-wallet-b');
/** A moment well inside a local day (noon), so a few minutes either way stay in it. */
export const NOON = new Date(2025, 5, 10, 12, 0, 0).getTime();
export const HOLDER = 64_285n;

export const rule = (over: Partial<Rule> = {}): Rule => ({
  id: 'r1',
  profileId: 'p1',
  address: ADDRESS,
  name: 'Payroll',
  enabled: true,
  keepTransfers: 2,
  topUpTransfers: 4,
  option: 'timed',
  period: '1h',
  dailyCapSun: '20000000',
  maxOrdersPerDay: 6,
  createdAt: NOON - 86_400_000,
  unknownCheckedAt: NOON - 86_400_000,
  ...over,
});

let serial = 0;
export const order = (over: Partial<TrackedOrder> = {}): TrackedOrder => ({
  localId: `o${++serial}`,
  kind: 'energy',
  profileId: 'p1',
  address: ADDRESS,
  resource: 'energy',
  count: 130_000,
  period: '1h',
  orderSn: 'sn',
  orderId: null,
  quotedSun: 3_000_000n,
  chargedSun: null,
  createdAt: NOON - 600_000,
  updatedAt: NOON - 600_000,
  lastPolledAt: null,
  attempts: 0,
  state: 'running',
  serverStatus: null,
  txIds: [],
  error: null,
  finishedAt: null,
  notifiedAt: null,
  presetId: null,
  ...over,
});

export const situation = (over: Partial<RuleSituation> = {}): RuleSituation => ({
  energyPerTransfer: HOLDER,
  reading: { at: NOON - 10_000, activated: true, availableEnergy: 0n },
  orders: [],
  globalLeftSun: 100_000_000n,
  serviceDown: false,
  nodeDown: false,
  pausedAll: false,
  ...over,
});

export const input = (over: Partial<RuleInput> = {}): RuleInput => ({
  now: NOON,
  rule: rule(),
  situation: situation(),
  today: { orders: 0, spentSun: 0n },
  ...over,
});
