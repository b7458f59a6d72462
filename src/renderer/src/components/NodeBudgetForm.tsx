import { useId, useState } from 'react';
import type { IpcResult, NodeSettingsView } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { onSubmitted } from '../hooks/use-order-inputs.ts';
import { useResultFocus } from '../hooks/use-result-focus.ts';
import { setNodeDailyBudget } from '../state/actions.ts';
import { useFormat, useT } from '../i18n.ts';
import { parseCount } from './count-text.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

type Apply = (result: Promise<IpcResult<NodeSettingsView>>) => Promise<IpcResult<NodeSettingsView>>;

/**
 * Settings → TRON node: the node's daily request budget, for a provider plan
 * that allows more (or fewer) requests a day than the default assumes. Text
 * that is no whole number is said so here; main checks the bounds again and
 * names them when it refuses. Empty field: the default is in use.
 */
export function NodeBudgetForm({ view, apply }: { view: NodeSettingsView; apply: Apply }) {
  const id = useId();
  const t = useT();
  const f = useFormat();
  const budget = view.dailyBudget;
  const [text, setText] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState(false);
  const { ref: resultLine, focus: focusResult } = useResultFocus<HTMLParagraphElement>();
  const save = useCall((next: number | null) => apply(setNodeDailyBudget(next)));
  const shown = text ?? (budget.saved === null ? '' : f.count(budget.saved));
  const run = (next: number | null): void => {
    setInvalid(false);
    setSaved(false);
    void save.run(next).then((value) => {
      if (!value) return;
      setText(null);
      setSaved(true);
      focusResult();
    });
  };
  const submit = (): void => {
    const parsed = parseCount(shown);
    if (parsed !== null) return run(parsed);
    save.clearError();
    setSaved(false);
    setInvalid(true);
  };
  const inEffect = f.count(budget.saved ?? budget.defaultNow);
  return (
    <>
      <form className="row" onSubmit={onSubmitted(submit)}>
        <div className="field grow">
          <label htmlFor={`${id}-budget`}>{t('node.budget')}</label>
          <input
            id={`${id}-budget`}
            className="amount"
            inputMode="numeric"
            value={shown}
            placeholder={f.count(budget.defaultNow)}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={invalid || save.error ? true : undefined}
            aria-describedby={`${id}-budget-hint`}
          />
          <span id={`${id}-budget-hint`} className={invalid ? 'field-error' : 'hint'}>
            {invalid
              ? t('node.budgetInvalid', { min: f.count(budget.min), max: f.count(budget.max) })
              : t('node.budgetHint', { keyed: f.count(budget.keyedDefault), keyless: f.count(budget.keylessDefault) })}
          </span>
          <ErrorMessage error={save.error} />
        </div>
        <button type="submit" disabled={save.pending || shown.trim() === ''}>
          {t('node.saveBudget')}
        </button>
        {budget.saved !== null && (
          <button type="button" disabled={save.pending} onClick={() => run(null)}>
            {t('node.budgetUseDefault')}
          </button>
        )}
      </form>
      {saved && (
        <p className="ok result-line small" role="status" tabIndex={-1} ref={resultLine}>
          {budget.saved === null ? t('node.budgetDefault', { budget: inEffect }) : t('node.budgetSaved', { budget: inEffect })}
        </p>
      )}
    </>
  );
}
