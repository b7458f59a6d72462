import { useEffect, useRef } from 'react';
import { formatCount } from '../../../shared/format.ts';
import type { ResourceType } from '../../../shared/ipc.ts';
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
  lookAlike: LookAlike | null;
}

/**
 * The dashboard's look before money moves: what, how much, for which address
 * in full, for how long and at what cost, and "large order" in words when it
 * is. Confirm only asks main, which draws its own approval; Cancel (and
 * Escape) sends nothing. A large order or a look-alike address starts on Cancel.
 */
export function ConfirmOrder({ order, confirmLabel, onConfirm, onCancel }: { order: OrderToConfirm; confirmLabel: string; onConfirm(): void; onCancel(): void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const careful = order.largeOrder !== null || order.lookAlike !== null;
  useEscape(onCancel);
  useEffect(() => {
    (careful ? cancelRef : confirmRef).current?.focus();
  }, [careful]);
  return (
    <div className="confirm" role="dialog" aria-modal="false" aria-labelledby="confirm-title" data-testid="confirm-order">
      <h3 id="confirm-title">Check before you buy</h3>
      {order.largeOrder && (
        <p className="large-order" role="alert" data-testid="large-order">
          {order.largeOrder}
        </p>
      )}
      <dl className="facts">
        <dt>Buy</dt>
        <dd data-testid="confirm-count">
          {formatCount(order.count)} {order.resource === 'net' ? 'bandwidth (bytes)' : 'energy'}
        </dd>
        {order.period && (
          <>
            <dt>For</dt>
            <dd>{order.period}</dd>
          </>
        )}
        <dt>To</dt>
        <dd>
          <AddressFull address={order.address} lookAlike={order.lookAlike} />
        </dd>
        <dt>Cost</dt>
        <dd>
          ≈ <Money sun={order.costSun} context="price" />
        </dd>
      </dl>
      {order.lookAlike && (
        <p className="warn" role="alert">
          This address starts and ends like {order.lookAlike.known}, which you used before, but is a different address (the marked characters differ). Address-poisoning
          scams rely on this: check where you copied it from.
        </p>
      )}
      <div className="row">
        <button type="button" className="primary" ref={confirmRef} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" ref={cancelRef} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className="muted small">Energy Tray then asks once more in its own window before anything is sent.</p>
    </div>
  );
}
