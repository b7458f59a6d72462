import { useState } from 'react';
import { shortenAddress } from '../../../../shared/format.ts';
import { useAppStore } from '../../state/app-store.ts';
import { RulesPanel } from '../rules/RulesPanel.tsx';
import { EstimateForm } from './EstimateForm.tsx';
import { WalletCard } from './WalletCard.tsx';
import { WalletForm } from './WalletForm.tsx';

/** The Wallets tab: every watched wallet in full, adding one (demo wallets suggested in the demo), and the transfer estimate. */
export function WalletsPanel() {
  const { wallets, suggestions } = useAppStore((s) => s.wallets);
  const [adding, setAdding] = useState<{ address: string; label: string } | 'blank' | null>(null);
  return (
    <div className="stack">
      <section className="card" aria-labelledby="wallets-title">
        <div className="card-head">
          <h2 id="wallets-title">Watched wallets</h2>
          <button type="button" onClick={() => setAdding(adding ? null : 'blank')}>
            Watch a wallet
          </button>
        </div>
        <p className="muted small">
          The wallets you send USDT from, read from the TRON node about once a minute (Settings → TRON node). The node's provider sees
          which addresses you watch; nothing here is signed or sent on chain.
        </p>
        {suggestions.length > 0 && (
          <div className="row" aria-label="Demo wallets">
            {suggestions.map((s) => (
              <button key={s.address} type="button" onClick={() => setAdding({ address: s.address, label: s.label })}>
                Watch the demo wallet {s.label} ({shortenAddress(s.address)})
              </button>
            ))}
          </div>
        )}
        {adding && <WalletForm key={adding === 'blank' ? 'blank' : adding.address} {...(adding === 'blank' ? {} : { initial: adding })} onDone={() => setAdding(null)} />}
        {wallets.length === 0 && !adding && <p className="muted">No wallet watched yet.</p>}
      </section>
      {wallets.map((w) => (
        <WalletCard key={w.id} wallet={w} full />
      ))}
      <RulesPanel />
      <EstimateForm />
    </div>
  );
}
