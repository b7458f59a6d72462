import { useEffect, useState } from 'react';
import { Money } from './Money.tsx';
import type { IpcError, SmartPriceView } from '../../../shared/ipc.ts';
import { getSmartPrice } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import { useFormat, useT, type RendererT } from '../i18n.ts';
import { RichText } from './RichText.tsx';
import { QuotedPrices } from './charts/PriceSparkline.tsx';

const price = (sun: string | null, t: RendererT) => (sun === null ? t('smart.notOffered') : <Money sun={sun} context="price" />);

/** The glossary's names of the service's smart-delegation modes. */
const MODE_NAMES: Record<SmartPriceView['modes'][number]['id'], KeyOf<'renderer'>> = {
  high_frequency: 'smart.highFrequency',
  jisu_frequency: 'smart.jisu',
  guangsu_frequency: 'smart.guangsu',
};

export function SmartPricePanel() {
  const [prices, setPrices] = useState<SmartPriceView | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [loading, setLoading] = useState(true);
  const t = useT();
  const f = useFormat();
  const offered = (sun: string | null): string => (sun === null ? t('smart.notOffered') : f.money(sun, 'price'));
  useEffect(() => {
    let live = true;
    void getSmartPrice().then((r) => {
        if (!live) return;
        setLoading(false);
        if (r.ok) setPrices(r.value);
        else setError(r.error);
      });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="stack">
      <section className="card" aria-labelledby="smart-title">
        <h2 id="smart-title">{t('smart.title')}</h2>
        {loading && <p className="muted">{t('smart.loading')}</p>}
        <ErrorMessage error={error} />
        {prices && (
          <>
            <p>
              <RichText k="smart.standard" values={{ p65: offered(prices.price65kSun), p131: offered(prices.price131kSun) }} />
            </p>
            <table className="orders">
              <thead>
                <tr>
                  <th scope="col">{t('smart.mode')}</th>
                  <th scope="col">{t('smart.e65')}</th>
                  <th scope="col">{t('smart.e131')}</th>
                  <th scope="col">{t('smart.deposit')}</th>
                  <th scope="col">{t('smart.periodHours')}</th>
                  <th scope="col">{t('smart.minUsage')}</th>
                </tr>
              </thead>
              <tbody>
                {prices.modes.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">{t(MODE_NAMES[m.id])}</th>
                    <td data-label={t('smart.e65')}>{price(m.prices?.price65kSun ?? null, t)}</td>
                    <td data-label={t('smart.e131')}>{price(m.prices?.price131kSun ?? null, t)}</td>
                    <td data-label={t('smart.deposit')}>{price(m.prices?.depositAmountSun ?? null, t)}</td>
                    <td data-label={t('smart.periodHours')}>{m.prices?.depositPeriodHours ?? '—'}</td>
                    <td data-label={t('smart.minUsage')}>{m.prices?.minEnergyCount ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {prices.remark && <p className="muted">{prices.remark}</p>}
          </>
        )}
      </section>
      <QuotedPrices />
    </div>
  );
}
