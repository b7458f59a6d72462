import { useShallow } from 'zustand/react/shallow';
import { DEFAULT_LARGE_ORDER_PERCENT, DEFAULT_LARGE_ORDER_SUN, largeOrderFacts } from '../../../shared/large-order.ts';
import { useFormat, useT } from '../i18n.ts';
import { useAppStore } from '../state/app-store.ts';

/** The large-order words for a cost, by the settings' rule and the balance shown. */
export function useLargeOrder(): (costSun: string) => string | null {
  const { balance, settings } = useAppStore(useShallow((s) => ({ balance: s.state?.balance?.trxSun ?? null, settings: s.settings })));
  const rule = {
    percentOfBalance: settings?.largeOrderPercent ?? DEFAULT_LARGE_ORDER_PERCENT,
    overSun: settings ? BigInt(settings.largeOrderSun) : DEFAULT_LARGE_ORDER_SUN,
  };
  const t = useT();
  const f = useFormat();
  return (costSun) => {
    const facts = largeOrderFacts(BigInt(costSun), balance === null ? null : BigInt(balance), rule);
    if (facts === null) return null;
    const cost = f.trx(costSun);
    if (facts.by === 'amount') return t('large.over', { cost, over: f.trx(facts.overSun) });
    const balanceTrx = f.trx(facts.balanceSun);
    return facts.percent === null
      ? t('large.wholeBalance', { cost, balance: balanceTrx })
      : t('large.share', { cost, percent: facts.percent.toString(), balance: balanceTrx });
  };
}
