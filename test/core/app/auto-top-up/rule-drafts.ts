import type { RuleDraftView } from '../../../../src/shared/views.ts';

/** The dashboard's rule editor filled in for `address`: keep 1 transfer, top up 2, a 1-hour rental, 20 TRX and 3 orders a day. */
export const ruleDraft = (address: string, over: Partial<RuleDraftView> = {}): RuleDraftView => ({
  name: 'Keep Payroll ready',
  address,
  enabled: true,
  keepTransfers: 1,
  topUpTransfers: 2,
  option: 'timed',
  period: '1h',
  dailyCapTrx: '20',
  maxOrdersPerDay: 3,
  ...over,
});
