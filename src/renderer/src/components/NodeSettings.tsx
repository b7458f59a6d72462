import { useEffect, useId, useState } from 'react';
import type { IpcResult, NodeSettingsView } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { onSubmitted } from '../hooks/use-order-inputs.ts';
import { clearNodeKey, getNodeSettings, setNodeKey, setNodeUrl } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { NodeBudgetForm } from './NodeBudgetForm.tsx';
import { useT, useWords, type RendererT, type Words } from '../i18n.ts';

function keyStatus(view: NodeSettingsView, t: RendererT, words: Words): string {
  if (view.keychainProblem) return t('node.keychainProblem', { problem: words(view.keychainProblem) });
  if (!view.keySaved) return t('node.noKey');
  if (view.keyForThisNode) return t('node.keySaved');
  return t('node.keyOtherNode');
}

/**
 * Settings → TRON node: where the wallet readings come from, the
 * provider's API key and the daily request budget (NodeBudgetForm). The key
 * goes to the keychain and never comes back: the field is write-only.
 */
export function NodeSettings() {
  const uid = useId();
  const t = useT();
  const words = useWords();
  const [view, setView] = useState<NodeSettingsView | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const apply = async (result: Promise<IpcResult<NodeSettingsView>>): Promise<IpcResult<NodeSettingsView>> => {
    const answer = await result;
    if (answer.ok) setView(answer.value);
    return answer;
  };
  const load = useCall(getNodeSettings);
  const saveUrl = useCall((next: string | null) => apply(setNodeUrl(next)));
  const saveKey = useCall((next: string) => apply(setNodeKey(next)));
  const removeKey = useCall(() => apply(clearNodeKey()));
  useEffect(() => {
    void load.runResult().then((r) => r.ok && setView(r.value));
    // Once, when the section opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!view) return <ErrorMessage error={load.error} />;
  const urlText = url ?? view.configuredUrl;
  return (
    <section className="card form" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('node.title')}</h2>
      <p className="muted small">
        {t('node.about')}
        {view.demo && t('node.demo', { url: view.nodeUrl })}
      </p>
      <form className="row" onSubmit={onSubmitted(() => void saveUrl.run(urlText.trim()).then((v) => v && setUrl(null)))}>
        <div className="field grow">
          <label htmlFor={`${uid}-url`}>{t('node.url')}</label>
          <input
            id={`${uid}-url`}
            className="wide"
            value={urlText}
            placeholder={view.defaultUrl}
            onChange={(e) => setUrl(e.target.value)}
            spellCheck={false}
          />
        </div>
        <button type="submit" disabled={saveUrl.pending || urlText.trim() === ''}>
          {t('node.saveUrl')}
        </button>
        {!view.isDefault && (
          <button type="button" onClick={() => void saveUrl.run(null).then(() => setUrl(null))}>
            {t('node.useDefault', { url: view.defaultUrl })}
          </button>
        )}
      </form>
      <form className="row" onSubmit={onSubmitted(() => void saveKey.run(key).then((v) => v && setKey('')))}>
        <div className="field grow">
          <label htmlFor={`${uid}-key`}>{t('node.key')}</label>
          <input
            id={`${uid}-key`}
            type="password"
            autoComplete="off"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            aria-describedby={`${uid}-key-status`}
          />
          <span id={`${uid}-key-status`} className="hint">
            {keyStatus(view, t, words)}
          </span>
        </div>
        <button type="submit" disabled={saveKey.pending || key.trim() === ''}>
          {t('node.saveKey')}
        </button>
        {view.keySaved && (
          <button type="button" onClick={() => void removeKey.run()}>
            {t('node.removeKey')}
          </button>
        )}
      </form>
      <ErrorMessage error={saveUrl.error ?? saveKey.error ?? removeKey.error} />
      <NodeBudgetForm view={view} apply={apply} />
    </section>
  );
}
