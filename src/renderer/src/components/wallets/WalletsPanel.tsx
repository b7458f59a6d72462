import { useState } from 'react';
import { shortenAddress } from '../../../../shared/format.ts';
import { useAppStore } from '../../state/app-store.ts';
import { RulesPanel } from '../rules/RulesPanel.tsx';
import { EstimateForm } from './EstimateForm.tsx';
import { WalletCard } from './WalletCard.tsx';
import { WalletForm } from './WalletForm.tsx';
import { NodeBudgetNotice } from './NodeBudgetNotice.tsx';
import { useT } from '../../i18n.ts';

/** The Wallets tab: every watched wallet in full, adding one (demo wallets suggested in the demo), and the transfer estimate. */
export function WalletsPanel() {
  const { wallets, suggestions, budget } = useAppStore((s) => s.wallets);
  const t = useT();
  const [adding, setAdding] = useState<{ address: string; label: string } | 'blank' | null>(null);
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
      {wallets.map((w) => (
        <WalletCard key={w.id} wallet={w} full />
      ))}
      <RulesPanel />
      <EstimateForm />
    </div>
  );
}
