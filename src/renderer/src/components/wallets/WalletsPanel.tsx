import { useMemo, useState } from 'react';
import { shortenAddress } from '../../../../shared/format.ts';
import { useAppStore } from '../../state/app-store.ts';
import { RulesPanel } from '../rules/RulesPanel.tsx';
import { EstimateForm } from './EstimateForm.tsx';
import { attentionFirst } from './attention.ts';
import { WalletCard } from './WalletCard.tsx';
import { WalletForm } from './WalletForm.tsx';
import { NodeBudgetNotice } from './NodeBudgetNotice.tsx';
import { useFormat, useT } from '../../i18n.ts';

/** Wallet cards a page: a merchant's 10,000 addresses open as 50 cards, never 10,000 (issue 25). */
export const WALLETS_PAGE = 50;

/** The Wallets tab: the watched wallets in full, a page at a time, adding one (demo wallets suggested in the demo), and the estimate. */
export function WalletsPanel() {
  const { wallets, suggestions, budget } = useAppStore((s) => s.wallets);
  const t = useT();
  const f = useFormat();
  const [adding, setAdding] = useState<{ address: string; label: string } | 'blank' | null>(null);
  const [page, setPage] = useState(0);
  const ordered = useMemo(() => attentionFirst(wallets), [wallets]);
  const pages = Math.max(1, Math.ceil(ordered.length / WALLETS_PAGE));
  const shown = Math.min(page, pages - 1);
  const from = shown * WALLETS_PAGE;
  const visible = ordered.slice(from, from + WALLETS_PAGE);
  const range = t('walletsPanel.pageOf', { from: f.count(from + 1), to: f.count(from + visible.length), total: f.count(ordered.length) });
  return (
    <div className="stack">
      <section className="card" aria-labelledby="wallets-title">
        <div className="card-head">
          <h2 id="wallets-title">{t('walletsPanel.title')}</h2>
          <button type="button" onClick={() => setAdding(adding ? null : 'blank')}>
            {t('overview.watchWallet')}
          </button>
        </div>
        <p className="muted small">
          {t('walletsPanel.about')}
        </p>
        <NodeBudgetNotice budget={budget} />
        {suggestions.length > 0 && (
          <div className="row" aria-label={t('walletsPanel.demoWallets')}>
            {suggestions.map((s) => (
              <button key={s.address} type="button" onClick={() => setAdding({ address: s.address, label: s.label })}>
                {t('walletsPanel.watchDemo', { label: s.label, address: shortenAddress(s.address) })}
              </button>
            ))}
          </div>
        )}
        {adding && (
          <WalletForm
            key={adding === 'blank' ? 'blank' : adding.address}
            {...(adding === 'blank' ? {} : { initial: adding })}
            onDone={() => setAdding(null)}
          />
        )}
        {wallets.length === 0 && !adding && <p className="muted">{t('walletsPanel.none')}</p>}
      </section>
      {pages > 1 && (
        <nav className="row" aria-label={range}>
          <span className="muted small" data-testid="wallets-page">
            {range}
          </span>
          <button type="button" disabled={shown === 0} onClick={() => setPage(shown - 1)}>
            {t('walletsPanel.previous')}
          </button>
          <button type="button" disabled={shown >= pages - 1} onClick={() => setPage(shown + 1)}>
            {t('walletsPanel.next')}
          </button>
        </nav>
      )}
      {visible.map((w) => (
        <WalletCard key={w.id} wallet={w} full />
      ))}
      <RulesPanel />
      <EstimateForm />
    </div>
  );
}
