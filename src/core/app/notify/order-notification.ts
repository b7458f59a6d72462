// app/notify: native notifications and in-app notices, and their words.
import { shortenAddress } from '../../../shared/format.ts';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import { translator, type Translate } from '../../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { formatCountIn } from '../../../shared/i18n/locale-format.ts';
import { moneyText } from '../../../shared/money-text.ts';
import type { OrderState, TrackedOrder } from '../../orders/order-types.ts';

/**
 * A finished order as a native notification: the facts go in the title and
 * body (many Linux notification daemons show no action buttons); `localId`
 * lets a click open the dashboard on that order.
 */
export interface OrderNotification {
  localId: string;
  state: OrderState;
  title: string;
  body: string;
}

export { shortenAddress };

export function shortenTxId(txId: string): string {
  return txId.length <= 14 ? txId : `${txId.slice(0, 8)}…${txId.slice(-4)}`;
}

type Words = Translate<'notifications'>;

function subject(order: TrackedOrder, t: Words): string {
  switch (order.kind) {
    case 'energy':
      return t('subject.energy');
    case 'net':
      return t('subject.net');
    case 'fast_recover':
      return order.resource === 'net' ? t('subject.fastNet') : t('subject.fastEnergy');
    case 'reclaim':
      return t('subject.reclaim');
    case 'activation':
      return t('subject.activation');
  }
}

function what(order: TrackedOrder, t: Words, language: Language): string {
  const amount = order.count === null ? '' : formatCountIn(order.count, language);
  const unit = order.kind === 'net' || order.resource === 'net' ? t('bandwidthUnit') : t('energyUnit');
  const address = shortenAddress(order.address);
  switch (order.kind) {
    case 'energy':
    case 'net':
      return (
        order.period ? t('timed', { amount, unit, period: order.period, address }) : t('toAddress', { amount, unit, address })
      ).trim();
    case 'fast_recover':
      return t('toAddress', { amount, unit, address }).trim();
    case 'reclaim':
      return t('reclaimOf', { orderSn: order.orderSn ?? '?', address });
    case 'activation':
      return t('activationOf', { address });
  }
}

const OUTCOME: Readonly<Record<OrderState, KeyOf<'notifications'>>> = {
  submitting: 'outcome.submitting',
  running: 'outcome.running',
  succeeded: 'outcome.succeeded',
  failed: 'outcome.failed',
  stalled: 'outcome.stalled',
  outcome_unknown: 'outcome.outcomeUnknown',
};

function cost(order: TrackedOrder, t: Words, language: Language): string | null {
  if (order.chargedSun !== null) return t('cost', { amount: moneyText(order.chargedSun, language) });
  if (order.state === 'failed' && order.orderSn === null && order.orderId === null) return t('nothingCharged');
  if (order.quotedSun !== null) return t('quoted', { amount: moneyText(order.quotedSun, language) });
  return null;
}

/** The notification of a finished order, in `language` (the app's: Settings, else the system's). */
export function notificationFor(order: TrackedOrder, language: Language = SOURCE_LANGUAGE): OrderNotification {
  const t = translator(language, 'notifications');
  const head = subject(order, t);
  const facts = [t('line', { subject: head, what: what(order, t, language) })];
  const price = cost(order, t, language);
  if (price) facts.push(price);
  const tx = order.txIds[0];
  if (tx) facts.push(t('tx', { tx: shortenTxId(tx) }));
  let body = facts.join(' · ');
  // The service's or the client's own words about the failure, as they were recorded.
  if (order.error && order.state !== 'stalled') body += `\n${order.error}`;
  const attention = order.state === 'stalled' || order.state === 'outcome_unknown';
  const title = t(attention ? 'titleAttention' : 'title', { subject: head, outcome: t(OUTCOME[order.state]) });
  return { localId: order.localId, state: order.state, title, body };
}
