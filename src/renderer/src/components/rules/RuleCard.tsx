import { useState } from 'react';
import type { IpcResult, RulesView, RuleView, WalletView } from '../../../../shared/ipc.ts';
import { useCall } from '../../hooks/use-call.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { DecisionList, DECISIONS_READ } from './DecisionList.tsx';
import { RuleForm } from './RuleForm.tsx';
import { ruleActions } from './use-rules.ts';
import { useFormat, useT, useWords } from '../../i18n.ts';
import { useNow } from '../../hooks/use-now.ts';
import { useResultFocus } from '../../hooks/use-result-focus.ts';
import { selectOrder } from '../../state/actions.ts';
import { decisionTime, KIND_WORDS, offerWords, reasonWords } from './decision-text.ts';

/**
 * What the rule last did and why: "Last bought 17:48, because …: 65,000
 * energy for 1h, ≈ 3.25 TRX (order EN…)", and its last check when that was
 * not a purchase ("Last check 17:50: Skipped — enough energy").
 */
function LastAction({ rule }: { rule: RuleView }) {
  const t = useT();
  const f = useFormat();
  const words = useWords();
  const now = useNow();
  const buy = rule.lastBuy;
  const check = rule.lastDecision && rule.lastDecision.kind !== 'buy' ? rule.lastDecision : null;
  const bought = buy
    ? t(buy.orderSerial ? 'ruleCard.lastBoughtOrder' : 'ruleCard.lastBought', {
        time: decisionTime(buy.at, now, f.language),
        why: reasonWords(buy, t, rule.draft.keepTransfers, words),
        what: offerWords(buy, t, f) ?? '',
        order: buy.orderSerial ?? '',
      })
    : t('ruleCard.neverBought');
  return (
    <>
      <p className="small" data-testid="rule-last-action">
        {bought}
      </p>
      {check && (
        <p className="muted small" data-testid="rule-last-decision">
          {t('ruleCard.lastCheck', {
            time: decisionTime(check.at, now, f.language),
            kind: t(KIND_WORDS[check.kind]),
            why: reasonWords(check, t, undefined, words),
          })}
        </p>
      )}
    </>
  );
}

/** One rule: its state and today's figures, on/off, edit, delete (confirmed), and "I have looked" after an unknown outcome. */
export function RuleCard({ rule, wallets, periods }: { rule: RuleView; wallets: readonly WalletView[]; periods: readonly string[] }) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showDecisions, setShowDecisions] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const { ref: resultLine, focus: focusResult } = useResultFocus<HTMLParagraphElement>();
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
      <LastAction rule={rule} />
      {rule.state === 'stopped' && (
        <p className="warn" role="status">
          {rule.unknownOrderSerial ? t('ruleCard.stopped', { order: rule.unknownOrderSerial }) : t('ruleCard.stoppedUnnumbered')}{' '}
          {rule.unknownOrderLocalId && (
            <button type="button" className="link" onClick={() => selectOrder(rule.unknownOrderLocalId)}>
              {t('ruleCard.showOrder')}
            </button>
          )}
        </p>
      )}
      <div className="row">
        <button
          type="button"
          disabled={act.pending}
          onClick={() => void act.run(() => ruleActions.setEnabled(rule.id, !rule.draft.enabled))}
        >
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
      {note !== null && !editing && (
        <p className="ok result-line small" role="status" tabIndex={-1} ref={resultLine} data-testid="result-line">
          {note}
        </p>
      )}
      {editing && (
        <RuleForm
          ruleId={rule.id}
          initial={rule.draft}
          wallets={wallets}
          periods={periods}
          onSaved={() => {
            setEditing(false);
            setNote(t('rules.savedEdit'));
            focusResult();
          }}
          onCancel={() => setEditing(false)}
        />
      )}
      {showDecisions && (
        <DecisionList
          query={{ ruleId: rule.id, limit: DECISIONS_READ }}
          title={t('ruleCard.decisionsOf', { name: rule.name })}
          refreshKey={rule.lastDecision?.at}
        />
      )}
    </section>
  );
}
