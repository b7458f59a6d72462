import type { RuleView } from '../../../../src/shared/views.ts';
import { msg } from '../../../../src/shared/i18n/message.ts';
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
  summary: msg('decisions:summary.on', { today: 1, spent: { sun: '6500000', figure: true }, cap: { sun: '20000000' } }),
  ordersToday: 1,
  spentTodaySun: '6500000',
  lastDecision: null,
  lastBuy: null,
  unknownOrderLocalId: null,
  unknownOrderSerial: null,
  ...over,
});
