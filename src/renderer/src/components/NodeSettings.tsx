import { useEffect, useId, useState } from 'react';
import type { IpcResult, NodeSettingsView } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { onSubmitted } from '../hooks/use-order-inputs.ts';
import { clearNodeKey, getNodeSettings, setNodeKey, setNodeUrl } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

function keyStatus(view: NodeSettingsView): string {
  if (view.keychainProblem) return `The keychain could not be read: ${view.keychainProblem}`;
  if (!view.keySaved) return 'No provider key saved: the node is read without one (TronGrid limits such requests).';
  if (view.keyForThisNode) return 'A provider key is saved in the keychain for this node.';
  return 'A provider key is saved for another node URL; it is not sent to this one. Enter it again for this node.';
}

/**
 * Settings → TRON node: where the wallet readings come from, and the
 * provider's API key. The key goes to the keychain and never comes back:
 * the field is write-only.
 */
export function NodeSettings() {
  const uid = useId();
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
      <h2 id={`${uid}-title`}>TRON node</h2>
      <p className="muted small">
        Watched wallets are read from this node's public HTTP API. Its provider sees the addresses you watch (and estimate), and nothing else
        from Energy Tray.
        {view.demo && ` The demo reads its own simulated node (${view.nodeUrl}); this setting is for your accounts.`}
      </p>
      <form className="row" onSubmit={onSubmitted(() => void saveUrl.run(urlText.trim()).then((v) => v && setUrl(null)))}>
        <div className="field grow">
          <label htmlFor={`${uid}-url`}>Node URL</label>
          <input id={`${uid}-url`} className="wide" value={urlText} placeholder={view.defaultUrl} onChange={(e) => setUrl(e.target.value)} spellCheck={false} />
        </div>
        <button type="submit" disabled={saveUrl.pending || urlText.trim() === ''}>
          Save URL
        </button>
        {!view.isDefault && (
          <button type="button" onClick={() => void saveUrl.run(null).then(() => setUrl(null))}>
            Use {view.defaultUrl}
          </button>
        )}
      </form>
      <form className="row" onSubmit={onSubmitted(() => void saveKey.run(key).then((v) => v && setKey('')))}>
        <div className="field grow">
          <label htmlFor={`${uid}-key`}>Provider API key (TRON-PRO-API-KEY, optional)</label>
          <input id={`${uid}-key`} type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} aria-describedby={`${uid}-key-status`} />
          <span id={`${uid}-key-status`} className="hint">
            {keyStatus(view)}
          </span>
        </div>
        <button type="submit" disabled={saveKey.pending || key.trim() === ''}>
          Save key
        </button>
        {view.keySaved && (
          <button type="button" onClick={() => void removeKey.run()}>
            Remove key
          </button>
        )}
      </form>
      <ErrorMessage error={saveUrl.error ?? saveKey.error ?? removeKey.error} />
    </section>
  );
}
