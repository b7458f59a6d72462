import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import type { RuleInput, RuleSituation } from '../../../src/core/rules/decide.ts';
import type { Rule } from '../../../src/core/rules/rule.ts';
import type { DecisionRecord } from '../../../src/core/rules/decision.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { oldRecord } from '../orders/journal-helpers.ts';

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
  maxSunPerEnergy: null,
  ...over,
});

let serial = 0;
/** An order of the rule's wallet, created ten minutes before noon: the journal tests' record with the rule's values. */
export const order = (over: Partial<TrackedOrder> = {}): TrackedOrder =>
  oldRecord({
    localId: `o${++serial}`,
    profileId: 'p1',
    address: ADDRESS,
    count: 130_000,
    orderSn: 'sn',
    quotedSun: 3_000_000n,
    chargedSun: null,
    createdAt: NOON - 600_000,
    updatedAt: NOON - 600_000,
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
  // What burning costs (getEnergyFee), read with the quotes: 100 SUN per energy, above every price these tests quote.
  energyFee: { ok: true, sun: 100n },
  ...over,
});

/** A stored decision: a skip for enough energy at NOON, unless told otherwise. */
export const decisionRecord = (over: Partial<DecisionRecord> = {}): DecisionRecord => ({
  at: NOON,
  ruleId: 'r1',
  address: ADDRESS,
  kind: 'skip',
  reason: 'enough_energy',
  text: null,
  detail: 'enough',
  orderLocalId: null,
  option: null,
  period: null,
  count: null,
  quotedSun: null,
  ...over,
});
