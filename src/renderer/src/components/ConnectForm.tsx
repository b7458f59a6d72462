import { useCallback, useState } from 'react';
import { getBridge } from '../bridge.ts';
import { useCall } from '../hooks/use-call.ts';
import { useAppStore } from '../state/app-store.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

/**
 * Key, secret and base URL. Main verifies them with a balance call and saves
 * them only if that succeeds; the secret goes to the OS keychain and never
 * comes back to this page. The field is cleared as soon as it was sent.
 */
export function ConnectForm({ profileId, initialBaseUrl, onConnected }: { profileId?: string; initialBaseUrl?: string; onConnected?(): void }) {
  const applyState = useAppStore((s) => s.applyState);
  const [baseUrl, setBaseUrl] = useState(initialBaseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [warnings, setWarnings] = useState<string[]>([]);
  const connect = useCall(
    useCallback(
      (req: { baseUrl: string; apiKey: string; apiSecret: string }) =>
        getBridge().connectAccount({ ...(profileId ? { profileId } : {}), ...req }),
      [profileId],
    ),
  );
  const ready = baseUrl.trim() !== '' && apiKey.trim() !== '' && apiSecret !== '';
  return (
    <form
      className="form"
      aria-label="Connect an account"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        const secret = apiSecret;
        setApiSecret('');
        void connect.run({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), apiSecret: secret }).then((result) => {
          if (!result) return;
          setWarnings(result.warnings);
          applyState(result.state);
          setApiKey('');
          onConnected?.();
        });
      }}
    >
      <div className="field">
        <label htmlFor="connect-url">Service address (base URL)</label>
        <input
          id="connect-url"
          type="url"
          placeholder="https://…/v2"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          spellCheck={false}
          aria-describedby="connect-url-hint"
        />
        <span id="connect-url-hint" className="hint">
          The API's address from the service console; it ends with /v2.
        </span>
      </div>
      <div className="field">
        <label htmlFor="connect-key">API key</label>
        <input id="connect-key" value={apiKey} onChange={(e) => setApiKey(e.target.value)} autoComplete="off" spellCheck={false} />
      </div>
      <div className="field">
        <label htmlFor="connect-secret">API secret</label>
        <input
          id="connect-secret"
          type="password"
          value={apiSecret}
          onChange={(e) => setApiSecret(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <button type="submit" className="primary" disabled={!ready || connect.pending}>
        {connect.pending ? 'Checking with the service…' : 'Verify and save'}
      </button>
      <ErrorMessage error={connect.error} />
      {warnings.map((w) => (
        <p key={w} className="warn">
          {w}
        </p>
      ))}
    </form>
  );
}
