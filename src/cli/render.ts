import type {
  Activation,
  FastRecoverOrder,
  FastRecoverPrice,
  FastRecoverReceipt,
  ResourcePrice,
  SmartModePrices,
  SmartPrice,
  TimedOrderReceipt,
  TimedOrderResult,
  UserInfo,
} from '../core/api/types.ts';
import { formatTrx, formatUnits } from '../core/base/money.ts';
import type { Sun } from '../core/base/money.ts';
import { columnsTable, keyValueTable } from './table.ts';

/** Readable output of each reply; money is formatted from integer SUN. */

const NONE = '—';

const trx = (sun: Sun | null): string => (sun === null ? NONE : formatTrx(sun));
const sunUnit = (price: string | bigint | null): string => (price === null ? NONE : `${price.toString()} SUN`);
const text = (value: string | number | null): string => (value === null || value === '' ? NONE : String(value));
const count = (n: number | null): string => (n === null ? NONE : n.toLocaleString('en-US'));

export function renderBalance(info: UserInfo): string {
  return keyValueTable([
    ['TRX', formatTrx(info.trxSun)],
    ['USDT', `${formatUnits(info.usdtMicros)} USDT`],
  ]);
}

export function renderActivation(a: Activation): string {
  return keyValueTable([
    ['Activation order', String(a.orderId)],
    ['Transaction', a.txId === '' ? 'pending (filled in once the service has sent it)' : a.txId],
  ]);
}

export function renderTimedReceipt(r: TimedOrderReceipt): string {
  return keyValueTable([
    ['Order', r.orderSn],
    ['Amount', trx(r.amountSun)],
    ['Fee', trx(r.feeSun)],
    ['Unit price', sunUnit(r.unitPrice)],
    ['Balance after', r.balanceSun === null ? NONE : `${formatTrx(r.balanceSun)} (as reported)`],
  ]);
}

export function renderTimedResult(r: TimedOrderResult): string {
  const head = keyValueTable([
    ['Order', r.orderSn],
    ['Status', r.status],
    ['Period', text(r.period)],
    ['Amount', trx(r.amountSun)],
    ['Fee', trx(r.feeSun)],
    ['Unit price', sunUnit(r.unitPrice)],
  ]);
  if (r.orders.length === 0) return `${head}\nDelegations: none yet`;
  const rows = r.orders.map((o) => [o.fromAddress, count(o.count), text(o.txId)]);
  return `${head}\n\n${columnsTable(['From', 'Count', 'Transaction'], rows)}`;
}

export function renderResourcePrice(p: ResourcePrice | FastRecoverPrice): string {
  return keyValueTable([
    ['Unit price', sunUnit(p.unitPriceSun)],
    ['Total', formatTrx(p.amountSun)],
    ['Fee', formatTrx(p.feeSun)],
    ['Remark', text(p.remark)],
  ]);
}

export function renderFastReceipt(r: FastRecoverReceipt): string {
  return keyValueTable([['Top-up order', r.orderId === null ? 'not reported by the service' : String(r.orderId)]]);
}

export function renderFastOrder(o: FastRecoverOrder): string {
  return keyValueTable([
    ['Top-up order', String(o.orderId)],
    ['Status', o.status],
    ['Address', o.address],
    ['Resource', o.resourceType],
    ['Requested', count(o.energyCount)],
    ['Replenished', count(o.actualRecoverCount)],
    ['Amount', trx(o.amountSun)],
    ['Fee', trx(o.feeSun)],
    ['Unit price', sunUnit(o.unitPrice)],
    ['Delegation tx', text(o.delegateTxid)],
    ['Reclaim tx', text(o.reclaimTxid)],
  ]);
}

function modeRow(name: string, mode: SmartModePrices | null): string[] {
  if (mode === null) return [name, NONE, NONE, NONE, NONE, NONE];
  return [
    name,
    trx(mode.price65kSun),
    trx(mode.price131kSun),
    mode.depositPeriodHours === null ? NONE : `${mode.depositPeriodHours} h`,
    trx(mode.depositAmountSun),
    text(mode.minEnergyCount),
  ];
}

export function renderSmartPrice(p: SmartPrice): string {
  const head = keyValueTable([
    ['65K energy', formatTrx(p.price65kSun)],
    ['131K energy', formatTrx(p.price131kSun)],
    ['Remark', text(p.remark)],
  ]);
  const modes = columnsTable(
    ['Mode', '65K', '131K', 'Period', 'Deposit', 'Min uses'],
    [modeRow('high frequency', p.high), modeRow('fast (jisu)', p.jisu), modeRow('fastest (guangsu)', p.guangsu)],
  );
  return `${head}\n\n${modes}`;
}
