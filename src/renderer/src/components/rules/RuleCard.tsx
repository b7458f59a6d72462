import { useState } from 'react';
import type { IpcResult, RulesView, RuleView, WalletView } from '../../../../shared/ipc.ts';
import { useCall } from '../../hooks/use-call.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { DecisionList } from './DecisionList.tsx';
import { RuleForm } from './RuleForm.tsx';
import { ruleActions } from './use-rules.ts';
import { useT, useWords } from '../../i18n.ts';
import { decisionWords } from './DecisionList.tsx';

/** One rule: its state and today's figures, on/off, edit, delete (confirmed), and "I have looked" after an unknown outcome. */
export function RuleCard({ rule, wallets, periods }: { rule: RuleView; wallets: readonly WalletView[]; periods: readonly string[] }) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showDecisions, setShowDecisions] = useState(false);
  const act = useCall((work: () => Promise<IpcResult<RulesView>>) => work());
  const t = useT();
  const words = useWords();
  return (
    <section className="card" aria-label={t('ruleCard.label', { name: rule.name })} data-state={rule.state}>
      <div className="card-head">
        <h3>{rule.name}</h3>
        <span className="muted small">{rule.walletLabel ?? t('ruleCard.walletGone')}</span>
      </div>
      <p data-testid="rule-summary">{words(rule.summary)}</p>
      {rule.lastDecision && <p className="muted small" data-testid="rule-last-decision">{decisionWords(rule.lastDecision, words)}</p>}
      {rule.state === 'stopped' && (
        <p className="warn" role="status">
          {t('ruleCard.stopped', { order: rule.unknownOrderLocalId ?? '' })}
        </p>
      )}
      <div className="row">
        <button type="button" disabled={act.pending} onClick={() => void act.run(() => ruleActions.setEnabled(rule.id, !rule.draft.enabled))}>
          {rule.draft.enabled ? t('ruleCard.turnOff') : t('ruleCard.turnOn')}
        </button>
        {rule.state === 'stopped' && (
          <button type="button" disabled={act.pending} onClick={() => void act.run(() => ruleActions.acknowledge(rule.id))}>
            {t('ruleCard.acknowledge')}
          </button>
        )}
        <button type="button" onClick={() => setEditing(!editing)}>
          {t('presets.edit')}
        </button>
        {confirmDelete ? (
          <>
            <button type="button" className="danger" onClick={() => void act.run(() => ruleActions.remove(rule.id))}>
              {t('presets.deleteConfirm', { name: rule.name })}
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              {t('presets.keep')}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirmDelete(true)}>
            {t('ruleCard.delete')}
          </button>
        )}
        <button type="button" aria-expanded={showDecisions} onClick={() => setShowDecisions(!showDecisions)}>
          {t('ruleCard.recentDecisions')}
        </button>
      </div>
      <ErrorMessage error={act.error} />
      {editing && (
        <RuleForm
          ruleId={rule.id}
          initial={rule.draft}
          wallets={wallets}
          periods={periods}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      )}
      {showDecisions && <DecisionList query={{ ruleId: rule.id, limit: 20 }} title={t('ruleCard.decisionsOf', { name: rule.name })} refreshKey={rule.lastDecision?.at} />}
    </section>
  );
}
