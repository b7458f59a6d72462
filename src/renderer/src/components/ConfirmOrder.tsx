import { useEffect, useRef } from 'react';
import { useFormat, useT } from '../i18n.ts';
import type { ResourceType } from '../../../shared/ipc.ts';
import { notCheaperThanBurning } from '../../../shared/burn-cost.ts';
import type { LookAlike } from '../../../shared/look-alike.ts';
import { useEscape } from '../hooks/use-escape.ts';
import { AddressFull } from './AddressFull.tsx';
import { Money } from './Money.tsx';

export interface OrderToConfirm {
  title: string;
  resource: ResourceType;
  count: number;
  /** Timed orders only. */
  period: string | null;
  address: string;
  costSun: string;
  /** "Large order: …" (shared/large-order.ts) or null. */
  largeOrder: string | null;
  /** What burning TRX for the same energy would cost now (the quote's burnSun); null for bandwidth or when unknown. */
  burnSun: string | null;
  lookAlike: LookAlike | null;
  /** "Energy from order EN… may not show yet; buy again anyway?": a successful order for the address is still arriving. */
  arrivalNote?: string | null;
}

/**
 * The dashboard's look before money moves: what, how much, for which address
 * in full, for how long and at what cost, and "large order" in words when it
 * is, and when renting is not cheaper than burning TRX for the energy (both
 * figures). Confirm only asks main, which draws its own approval and says the
 * same; Cancel (and Escape) sends nothing. A large order, a price not below
 * the burn cost, a look-alike address or energy still arriving for the
 * address starts on Cancel.
 */
export function ConfirmOrder({
  order,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  order: OrderToConfirm;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const notCheaper = order.burnSun !== null && notCheaperThanBurning(BigInt(order.costSun), BigInt(order.burnSun));
  const careful = order.largeOrder !== null || order.lookAlike !== null || notCheaper || (order.arrivalNote ?? null) !== null;
  const t = useT();
  const f = useFormat();
  useEscape(onCancel);
  useEffect(() => {
    (careful ? cancelRef : confirmRef).current?.focus();
  }, [careful]);
  return (
    <div className="confirm" role="dialog" aria-modal="false" aria-labelledby="confirm-title" data-testid="confirm-order">
      <h3 id="confirm-title">{t('confirm.title')}</h3>
      {order.largeOrder && (
        <p className="large-order" role="alert" data-testid="large-order">
          {order.largeOrder}
        </p>
      )}
      {order.arrivalNote && (
        <p className="warn" role="alert" data-testid="arrival-note">
          {order.arrivalNote}
        </p>
      )}
      {notCheaper && order.burnSun !== null && (
        <p className="warn" role="alert" data-testid="not-cheaper">
          {t('confirm.notCheaper', { cost: f.pair(order.costSun, order.burnSun)[0], burn: f.pair(order.costSun, order.burnSun)[1] })}
        </p>
      )}
      <dl className="facts">
        <dt>{t('confirm.buy')}</dt>
        <dd data-testid="confirm-count">
          {order.resource === 'net'
            ? t('confirm.bandwidthCount', { amount: f.count(order.count) })
            : t('common.energyAmount', { amount: f.count(order.count) })}
        </dd>
        {order.period && (
          <>
            <dt>{t('confirm.for')}</dt>
            <dd>{order.period}</dd>
          </>
        )}
        <dt>{t('confirm.to')}</dt>
        <dd>
          <AddressFull address={order.address} lookAlike={order.lookAlike} />
        </dd>
        <dt>{t('confirm.cost')}</dt>
        <dd data-testid="confirm-cost">
          ≈ <Money sun={order.costSun} context="price" />
        </dd>
      </dl>
      {order.lookAlike && (
        <p className="warn" role="alert">
          {t('confirm.lookAlike', { known: order.lookAlike.known })}
        </p>
      )}
      <div className="row">
        <button type="button" className="primary" ref={confirmRef} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" ref={cancelRef} onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
      </div>
      <p className="muted small">{t('confirm.asksAgain')}</p>
    </div>
  );
}
