import { useState, type ReactNode } from 'react';
import type { TopUpOption, WalletView } from '../../../../shared/ipc.ts';
import { ARRIVAL_GRACE_MS, TOP_UP_PERIOD } from '../../../../shared/top-up.ts';
import { useAppStore } from '../../state/app-store.ts';
import { useLargeOrder } from '../../hooks/use-large-order.ts';
import { usePaidOrder } from '../../hooks/use-paid-order.ts';
import { useFormat, useT } from '../../i18n.ts';
import { buyTopUp } from '../../state/actions.ts';
import { ConfirmOrder } from '../ConfirmOrder.tsx';

/** One top-up as shown: what it buys and the price the buy is held to (main refuses a fresh quote above it). */
export interface TopUpChoice {
  transfers: number;
  option: TopUpOption;
  orderEnergy: string;
  costSun: string;
  /** Burning TRX for the same energy now; the confirmation says so when renting is not cheaper. */
  burnSun: string | null;
}

/** The order number a person can look up: the service's serial, else the start of the local id. */
export const arrivalOrder = (arrival: NonNullable<WalletView['arrival']>): string => arrival.orderSn ?? arrival.localId.slice(0, 8);

/**
 * For a manual buy from the Buy tab: "energy from order EN… may not show
 * yet; buy again anyway?" when an energy order for the same address
 * succeeded within the arrival grace.
 */
export function useArrivalNote(): (address: string) => string | null {
  const recent = useAppStore((s) => s.recentOrders);
  const t = useT();
  return (address) => {
    const now = Date.now();
    const arrived = recent.find(
      (o) =>
        o.address === address &&
        o.state === 'succeeded' &&
        (o.kind === 'energy' || (o.kind === 'fast_recover' && o.resource === 'energy')) &&
        o.finishedAt !== null &&
        now - o.finishedAt < ARRIVAL_GRACE_MS,
    );
    return arrived ? t('topUp.arrivalNote', { order: arrived.orderSn ?? arrived.localId.slice(0, 8) }) : null;
  };
}

/**
 * A wallet top-up from the popover or the Wallets tab: the dashboard's own
 * confirmation first (what, to which address, at what cost; "energy from
 * order EN… may not show yet; buy again anyway?" within the arrival grace of
 * a successful order), then main's approval through buyTopUp. `returnFocus`
 * puts focus back where the person was once the confirmation closes.
 */
export function useTopUp(wallet: WalletView, formKey: string, returnFocus: () => void) {
  const buy = usePaidOrder(buyTopUp, `${wallet.id}|${formKey}`);
  const [choice, setChoice] = useState<TopUpChoice | null>(null);
  const largeOrder = useLargeOrder();
  const t = useT();
  const f = useFormat();
  const close = (): void => {
    setChoice(null);
    requestAnimationFrame(returnFocus);
  };
  const arrival = wallet.arrival && !wallet.arrival.waiting ? wallet.arrival : null;
  const confirmation: ReactNode = choice && (
    <ConfirmOrder
      order={{
        title: t('topUp.label', { label: wallet.label }),
        resource: 'energy',
        count: Number(choice.orderEnergy),
        period: choice.option === 'timed' ? TOP_UP_PERIOD : null,
        address: wallet.address,
        costSun: choice.costSun,
        burnSun: choice.burnSun,
        largeOrder: largeOrder(choice.costSun),
        // The address is the person's own watched wallet: nothing to compare it with.
        lookAlike: null,
        arrivalNote: arrival ? t('topUp.arrivalNote', { order: arrivalOrder(arrival) }) : null,
      }}
      confirmLabel={arrival ? t('topUp.buyAgain', { cost: f.trx(choice.costSun) }) : t('topUp.confirmFor', { cost: f.trx(choice.costSun) })}
      onCancel={close}
      onConfirm={() => {
        buy.submit({ walletId: wallet.id, transfers: choice.transfers, option: choice.option, maxSun: choice.costSun });
        close();
      }}
    />
  );
  return { buy, ask: setChoice, confirming: choice !== null, confirmation };
}
