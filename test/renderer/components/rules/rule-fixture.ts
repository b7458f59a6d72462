import type { RuleView } from '../../../../src/shared/views.ts';
import { WALLET_ADDRESS } from '../../fake-bridge.ts';

/** A rule as main shows it: "Keep Payroll ready", on, one order today, nothing decided yet. */
export const ruleView = (over: Partial<RuleView> = {}): RuleView => ({
  id: 'r1',
  name: 'Keep Payroll ready',
  address: WALLET_ADDRESS,
  walletLabel: 'Payroll',
  draft: { name: 'Keep Payroll ready', address: WALLET_ADDRESS, enabled: true, keepTransfers: 1, topUpTransfers: 2, option: 'timed', period: '1h', dailyCapTrx: '20', maxOrdersPerDay: 3 },
  dailyCapSun: '20000000',
  state: 'on',
  summary: 'Auto top-up on · 1 today · 6.50 / 20.00 TRX',
  ordersToday: 1,
  spentTodaySun: '6500000',
  lastDecision: null,
  lastBuy: null,
  unknownOrderLocalId: null,
  unknownOrderSerial: null,
  ...over,
});
