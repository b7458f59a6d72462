import { useCall } from '../hooks/use-call.ts';
import { startDemo } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ConnectForm } from './ConnectForm.tsx';
import { ErrorMessage } from './ErrorMessage.tsx';
import { useT, useWords } from '../i18n.ts';

export function Welcome() {
  const state = useAppStore((s) => s.state);
  const demo = useCall(startDemo);
  const t = useT();
  const words = useWords();
  return (
    <div className="welcome">
      <section className="card" aria-labelledby="welcome-title">
        <h2 id="welcome-title">{t('welcome.title')}</h2>
        <p>{t('welcome.intro')}</p>
      </section>
      <div className="welcome-choices">
        <section className="card" aria-labelledby="connect-title">
          <h2 id="connect-title">{t('welcome.connectTitle')}</h2>
          <ol className="steps">
            <li>
              {t('welcome.stepAllowlist')}{' '}
              <span className="muted small" data-testid="public-ip-help">
                {t('welcome.publicIpHelp')}
              </span>
            </li>
            <li>{t('welcome.stepApiOn')}</li>
            <li>{t('welcome.stepCopy')}</li>
          </ol>
          {state && !state.keychain.available && (
            <p className="warn" role="status">
              {t('welcome.keychainTryDemo', {
                message: state.keychain.message ? words(state.keychain.message) : t('welcome.keychainUnavailable'),
              })}
            </p>
          )}
          <ConnectForm />
        </section>
        <section className="card" aria-labelledby="demo-title">
          <h2 id="demo-title">{t('welcome.demoTitle')}</h2>
          <p>{t('welcome.demoHint')}</p>
          <button
            type="button"
            className="primary"
            disabled={demo.pending}
            onClick={() => void demo.run()}
          >
            {demo.pending ? t('welcome.starting') : t('welcome.demoTitle')}
          </button>
          <ErrorMessage error={demo.error} />
        </section>
      </div>
    </div>
  );
}
