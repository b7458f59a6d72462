import { useEffect, useId, useState } from 'react';
import type {
  AssistantAllowanceDraftView,
  AssistantAllowanceProblemView,
  AssistantAllowanceSaveView,
  AssistantAllowanceView,
  IpcResult,
} from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { onSubmitted } from '../hooks/use-order-inputs.ts';
import { getAssistantAllowance, saveAssistantAllowance } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { useFormat, useT, type RendererT } from '../i18n.ts';

function problemText(p: AssistantAllowanceProblemView, t: RendererT): string {
  switch (p.problem) {
    case 'not_a_number':
      return t('assistant.problem.notANumber');
    case 'zero':
      return t('assistant.problem.zero');
    case 'too_large':
      return t('assistant.problem.tooLarge');
    case 'above_daily':
      return t('assistant.problem.aboveDaily');
    case 'empty':
      return t('assistant.problem.empty');
    case 'too_many':
      return t('assistant.problem.tooMany');
    case 'duplicate':
      return t('assistant.problem.duplicate');
    case 'invalid':
      return t('assistant.problem.invalid', { address: p.address });
  }
}

/**
 * Settings → AI assistants: what an assistant connected with `energy-tray
 * mcp` may buy without asking (issue 27). The dashboard only asks: turning it
 * on, raising a figure or adding addresses is approved in the dialog main
 * draws; lowering it or turning it off is not.
 */
export function AssistantSettings() {
  const uid = useId();
  const t = useT();
  const f = useFormat();
  const [view, setView] = useState<AssistantAllowanceView | null>(null);
  const [draft, setDraft] = useState<AssistantAllowanceDraftView | null>(null);
  const [listText, setListText] = useState('');
  const [problems, setProblems] = useState<AssistantAllowanceProblemView[]>([]);
  const show = (next: AssistantAllowanceView): void => {
    setView(next);
    setDraft(next.draft);
    setListText(next.draft.addresses.join('\n'));
  };
  const apply = async (result: Promise<IpcResult<AssistantAllowanceSaveView>>): Promise<IpcResult<AssistantAllowanceSaveView>> => {
    const answer = await result;
    if (answer.ok && answer.value.saved) {
      setProblems([]);
      show(answer.value.allowance);
    } else if (answer.ok && !answer.value.saved) setProblems(answer.value.problems);
    return answer;
  };
  const load = useCall(getAssistantAllowance);
  const save = useCall((next: AssistantAllowanceDraftView | null) => apply(saveAssistantAllowance(next)));
  useEffect(() => {
    void load.runResult().then((r) => r.ok && show(r.value));
    // Once, when the section opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!view || !draft) return <ErrorMessage error={load.error} />;
  const field = (name: AssistantAllowanceProblemView['field']): string[] =>
    problems.filter((p) => p.field === name).map((p) => problemText(p, t));
  const addresses = listText.split(/[\s,]+/).filter((a) => a !== '');
  const submit = (): void => void save.run({ ...draft, addresses: draft.watchedOnly ? [] : addresses });
  return (
    <section className="card form" aria-labelledby={`${uid}-title`} data-testid="assistant-settings">
      <h2 id={`${uid}-title`}>{t('assistant.title')}</h2>
      <p className="muted small">{t('assistant.about')}</p>
      {!view.available ? (
        <p>{t('assistant.unavailable')}</p>
      ) : (
        <>
          <p role="status">
            {view.enabled
              ? t('assistant.on', { perOrder: f.trx(view.perOrderSun ?? '0'), daily: f.trx(view.dailySun ?? '0') })
              : t('assistant.off')}{' '}
            {view.enabled && t('assistant.today', { spent: f.trx(view.spentTodaySun), count: view.ordersToday })}
          </p>
          <form className="stack" onSubmit={onSubmitted(submit)}>
            <div className="row">
              <div className="field">
                <label htmlFor={`${uid}-daily`}>{t('assistant.perDay')}</label>
                <input
                  id={`${uid}-daily`}
                  inputMode="decimal"
                  value={draft.dailyTrx}
                  onChange={(e) => setDraft({ ...draft, dailyTrx: e.target.value })}
                  aria-invalid={field('dailyTrx').length > 0}
                />
                {field('dailyTrx').map((text) => (
                  <span key={text} className="error small">
                    {text}
                  </span>
                ))}
              </div>
              <div className="field">
                <label htmlFor={`${uid}-order`}>{t('assistant.perOrder')}</label>
                <input
                  id={`${uid}-order`}
                  inputMode="decimal"
                  value={draft.perOrderTrx}
                  onChange={(e) => setDraft({ ...draft, perOrderTrx: e.target.value })}
                  aria-invalid={field('perOrderTrx').length > 0}
                />
                {field('perOrderTrx').map((text) => (
                  <span key={text} className="error small">
                    {text}
                  </span>
                ))}
              </div>
            </div>
            <fieldset>
              <legend>{t('assistant.addresses')}</legend>
              <label className="check">
                <input
                  type="radio"
                  name={`${uid}-scope`}
                  checked={draft.watchedOnly}
                  onChange={() => setDraft({ ...draft, watchedOnly: true })}
                />
                {t('assistant.watched')}
              </label>
              <label className="check">
                <input
                  type="radio"
                  name={`${uid}-scope`}
                  checked={!draft.watchedOnly}
                  onChange={() => setDraft({ ...draft, watchedOnly: false })}
                />
                {t('assistant.listed')}
              </label>
              {!draft.watchedOnly && (
                <textarea
                  className="mono wide"
                  rows={3}
                  value={listText}
                  onChange={(e) => setListText(e.target.value)}
                  spellCheck={false}
                  aria-label={t('assistant.listed')}
                />
              )}
              {field('addresses').map((text) => (
                <span key={text} className="error small">
                  {text}
                </span>
              ))}
            </fieldset>
            <div className="row">
              <button type="submit" disabled={save.pending}>
                {view.enabled ? t('assistant.save') : t('assistant.turnOn')}
              </button>
              {view.enabled && (
                <button type="button" disabled={save.pending} onClick={() => void save.run(null)}>
                  {t('assistant.turnOff')}
                </button>
              )}
            </div>
          </form>
        </>
      )}
      <ErrorMessage error={save.error} />
    </section>
  );
}
