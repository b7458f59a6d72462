import { useState } from 'react';
import { useCall } from '../../hooks/use-call.ts';
import { useResultFocus } from '../../hooks/use-result-focus.ts';
import { useAppStore } from '../../state/app-store.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { RuleCard } from './RuleCard.tsx';
import { RuleForm } from './RuleForm.tsx';
import { ruleActions, useRules } from './use-rules.ts';
import { useT } from '../../i18n.ts';

/** Auto top-up in the Wallets tab: the rules, a new one, "Pause all" / "Resume" (main asks before resuming). */
export function RulesPanel() {
  const wallets = useAppStore((s) => s.wallets.wallets);
  const view = useRules();
  const [adding, setAdding] = useState(false);
  // After a save, focus on the line that says so (the form that had it is gone).
  const [saved, setSaved] = useState<string | null>(null);
  const { ref: resultLine, focus: focusResult } = useResultFocus<HTMLParagraphElement>();
  const pause = useCall(ruleActions.setPausedAll);
  const t = useT();
  return (
    <section className="card" aria-labelledby="rules-title">
      <div className="card-head">
        <h2 id="rules-title">{t('rules.title')}</h2>
        <div className="row">
          {view.rules.length > 0 && (
            <button type="button" disabled={pause.pending} onClick={() => void pause.run(!view.pausedAll)}>
              {view.pausedAll ? t('rules.resume') : t('rules.pauseAll')}
            </button>
          )}
          <button type="button" disabled={wallets.length === 0} onClick={() => setAdding(!adding)}>
            {t('rules.add')}
          </button>
        </div>
      </div>
      <p className="muted small">
        {t('rules.about')}
      </p>
      {view.pausedAll && view.rules.length > 0 && <p className="warn" role="status">{t('rules.paused')}</p>}
      <ErrorMessage error={pause.error} />
      {wallets.length === 0 && <p className="muted">{t('rules.watchFirst')}</p>}
      {adding && (
        <RuleForm
          wallets={wallets}
          periods={view.periods}
          onSaved={(_rules, name) => {
            setAdding(false);
            setSaved(name);
            focusResult();
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {saved !== null && (
        <p className="ok result-line" role="status" tabIndex={-1} ref={resultLine} data-testid="result-line">
          {t('rules.saved', { name: saved })}
        </p>
      )}
      {view.rules.map((rule) => (
        <RuleCard key={rule.id} rule={rule} wallets={wallets} periods={view.periods} />
      ))}
    </section>
  );
}
