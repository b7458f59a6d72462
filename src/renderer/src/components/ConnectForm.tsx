import { useCallback, useId, useState } from 'react';
import { useCall } from '../hooks/use-call.ts';
import { onSubmitted } from '../hooks/use-order-inputs.ts';
import { connectAccount } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { useT, useWords } from '../i18n.ts';

/**
 * Key, secret and base URL. Main verifies them with a balance call and saves
 * them only if that succeeds; the secret goes to the OS keychain and never
 * comes back to this page. The field is cleared as soon as it was sent.
 */
export function ConnectForm({
  profileId,
  initialBaseUrl,
  onConnected,
}: {
  profileId?: string;
  initialBaseUrl?: string;
  onConnected?(): void;
}) {
  // Unique ids: Settings can show several of these forms at once (add, replace per profile).
  const uid = useId();
  const t = useT();
  const ids = { url: `${uid}-url`, hint: `${uid}-url-hint`, key: `${uid}-key`, secret: `${uid}-secret` };
  const [baseUrl, setBaseUrl] = useState(initialBaseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const words = useWords();
  const [warnings, setWarnings] = useState<string[]>([]);
  const connect = useCall(
    useCallback(
      (req: { baseUrl: string; apiKey: string; apiSecret: string }) => connectAccount({ ...(profileId ? { profileId } : {}), ...req }),
      [profileId],
    ),
  );
  const ready = baseUrl.trim() !== '' && apiKey.trim() !== '' && apiSecret !== '';
  return (
    <form
      className="form"
      aria-label={t('connect.label')}
      onSubmit={onSubmitted(() => {
        if (!ready) return;
        const secret = apiSecret;
        setApiSecret('');
        void connect.run({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), apiSecret: secret }).then((result) => {
          if (!result) return;
          setWarnings(result.warnings.map(words));
          setApiKey('');
          onConnected?.();
        });
      })}
    >
      <div className="field">
        <label htmlFor={ids.url}>{t('connect.baseUrl')}</label>
        <input
          id={ids.url}
          className="wide"
          type="url"
          placeholder={t('connect.baseUrlPlaceholder')}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          spellCheck={false}
          aria-describedby={ids.hint}
        />
        <span id={ids.hint} className="hint">
          {t('connect.baseUrlHint')}
        </span>
      </div>
      <div className="field">
        <label htmlFor={ids.key}>{t('connect.apiKey')}</label>
        <input
          id={ids.key}
          className="wide"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.secret}>{t('connect.apiSecret')}</label>
        <input
          id={ids.secret}
          className="wide"
          type="password"
          value={apiSecret}
          onChange={(e) => setApiSecret(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <button type="submit" className="primary" disabled={!ready || connect.pending}>
        {connect.pending ? t('connect.checking') : t('connect.save')}
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
