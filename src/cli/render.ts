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
import type { Sun } from '../core/base/money.ts';
import { num, t, trx as trxText, trxWithExact, usdt } from './i18n.ts';
import { columnsTable, keyValueTable } from './table.ts';

/**
 * Readable output of each reply, in the chosen language; money by the one rule
 * from integer SUN (cli/i18n.ts), and an order's or a quote's own amount with
 * every SUN where the rule rounds it: the detail a receipt keeps.
 */

const NONE = '—';

const trx = (sun: Sun | null): string => (sun === null ? NONE : trxText(sun));
const exactToo = (sun: Sun | null): string => (sun === null ? NONE : trxWithExact(sun));
const sunUnit = (price: string | bigint | null): string => (price === null ? NONE : `${price.toString()} SUN`);
const text = (value: string | number | null): string => (value === null || value === '' ? NONE : String(value));
const count = (n: number | null): string => (n === null ? NONE : num(n));

export function renderBalance(info: UserInfo): string {
  return keyValueTable([
    ['TRX', trxText(info.trxSun)],
    ['USDT', usdt(info.usdtMicros)],
  ]);
}

export function renderActivation(a: Activation): string {
  return keyValueTable([
    [t('render.activationOrder'), String(a.orderId)],
    [t('render.transaction'), a.txId === '' ? t('render.txPending') : a.txId],
  ]);
}

export function renderTimedReceipt(r: TimedOrderReceipt): string {
  return keyValueTable([
    [t('render.order'), r.orderSn],
    [t('render.amount'), exactToo(r.amountSun)],
    [t('render.fee'), trx(r.feeSun)],
    [t('render.unitPrice'), sunUnit(r.unitPrice)],
    [t('render.balanceAfter'), r.balanceSun === null ? NONE : t('render.asReported', { amount: trxText(r.balanceSun) })],
  ]);
}

export function renderTimedResult(r: TimedOrderResult): string {
  const head = keyValueTable([
    [t('render.order'), r.orderSn],
    [t('render.status'), r.status],
    [t('render.period'), text(r.period)],
    [t('render.amount'), exactToo(r.amountSun)],
    [t('render.fee'), trx(r.feeSun)],
    [t('render.unitPrice'), sunUnit(r.unitPrice)],
  ]);
  if (r.orders.length === 0) return `${head}\n${t('render.noDelegations')}`;
  const rows = r.orders.map((o) => [o.fromAddress, count(o.count), text(o.txId)]);
  return `${head}\n\n${columnsTable([t('render.from'), t('render.count'), t('render.transaction')], rows)}`;
}

export function renderResourcePrice(p: ResourcePrice | FastRecoverPrice): string {
  return keyValueTable([
    [t('render.unitPrice'), sunUnit(p.unitPriceSun)],
    [t('render.total'), trxWithExact(p.amountSun)],
    [t('render.fee'), trxText(p.feeSun)],
    [t('render.remark'), text(p.remark)],
  ]);
}

export function renderFastReceipt(r: FastRecoverReceipt): string {
  return keyValueTable([[t('render.topUpOrder'), r.orderId === null ? t('render.notReported') : String(r.orderId)]]);
}

export function renderFastOrder(o: FastRecoverOrder): string {
  return keyValueTable([
    [t('render.topUpOrder'), String(o.orderId)],
    [t('render.status'), o.status],
    [t('render.address'), o.address],
    [t('render.resource'), o.resourceType],
    [t('render.requested'), count(o.energyCount)],
    [t('render.replenished'), count(o.actualRecoverCount)],
    [t('render.amount'), exactToo(o.amountSun)],
    [t('render.fee'), trx(o.feeSun)],
    [t('render.unitPrice'), sunUnit(o.unitPrice)],
    [t('render.delegationTx'), text(o.delegateTxid)],
    [t('render.reclaimTx'), text(o.reclaimTxid)],
  ]);
}

function modeRow(name: string, mode: SmartModePrices | null): string[] {
  if (mode === null) return [name, NONE, NONE, NONE, NONE, NONE];
  return [
    name,
    trx(mode.price65kSun),
    trx(mode.price131kSun),
    mode.depositPeriodHours === null ? NONE : t('render.hours', { hours: num(mode.depositPeriodHours) }),
    trx(mode.depositAmountSun),
    text(mode.minEnergyCount),
  ];
}

export function renderSmartPrice(p: SmartPrice): string {
  const head = keyValueTable([
    [t('render.energy65k'), trxText(p.price65kSun)],
    [t('render.energy131k'), trxText(p.price131kSun)],
    [t('render.remark'), text(p.remark)],
  ]);
  const modes = columnsTable(
    [t('render.mode'), '65K', '131K', t('render.period'), t('render.deposit'), t('render.minUses')],
    [modeRow(t('render.modeHigh'), p.high), modeRow(t('render.modeJisu'), p.jisu), modeRow(t('render.modeGuangsu'), p.guangsu)],
  );
  return `${head}\n\n${modes}`;
}
