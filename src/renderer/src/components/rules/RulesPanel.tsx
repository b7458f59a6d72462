import { useState } from 'react';
import { useCall } from '../../hooks/use-call.ts';
import { useAppStore } from '../../state/app-store.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { RuleCard } from './RuleCard.tsx';
import { RuleForm } from './RuleForm.tsx';
import { ruleActions, useRules } from './use-rules.ts';

/** Auto top-up in the Wallets tab: the rules, a new one, "Pause all" / "Resume" (main asks before resuming). */
export function RulesPanel() {
  const wallets = useAppStore((s) => s.wallets.wallets);
  const view = useRules();
  const [adding, setAdding] = useState(false);
  const pause = useCall(ruleActions.setPausedAll);
  return (
    <section className="card" aria-labelledby="rules-title">
      <div className="card-head">
        <h2 id="rules-title">Auto top-up</h2>
        <div className="row">
          {view.rules.length > 0 && (
            <button type="button" disabled={pause.pending} onClick={() => void pause.run(!view.pausedAll)}>
              {view.pausedAll ? 'Resume auto top-ups' : 'Pause all auto top-ups'}
            </button>
          )}
          <button type="button" disabled={wallets.length === 0} onClick={() => setAdding(!adding)}>
            Add a rule
          </button>
        </div>
      </div>
      <p className="muted small">
        Keeps a watched wallet ready for its next transfers: when fewer are covered than you keep, Energy Tray buys by itself, within the rule's
        daily cap and orders a day and the daily spending limit. Each decision is shown in Orders.
      </p>
      {view.pausedAll && view.rules.length > 0 && <p className="warn" role="status">All auto top-ups are paused.</p>}
      <ErrorMessage error={pause.error} />
      {wallets.length === 0 && <p className="muted">Watch a wallet first: a rule keeps a watched wallet topped up.</p>}
      {adding && (
        <RuleForm
          wallets={wallets}
          periods={view.periods}
          onSaved={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      )}
      {view.rules.map((rule) => (
        <RuleCard key={rule.id} rule={rule} wallets={wallets} periods={view.periods} />
      ))}
    </section>
  );
}
