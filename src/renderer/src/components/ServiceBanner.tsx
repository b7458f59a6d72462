import { useShallow } from 'zustand/react/shallow';
import { useCall } from '../hooks/use-call.ts';
import { useNow } from '../hooks/use-now.ts';
import { useFormat, useT, useWords } from '../i18n.ts';
import { serviceBannerText } from '../messages.ts';
import { openFixKey, refreshBalance } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';

/**
 * The header banner for a condition that affects everything shown: the
 * service not answering (with Retry), the key refused (with Fix key), the
 * keychain missing. One banner for one condition: nothing else repeats it
 * (main keeps no notice of a refused key, the paused badge leaves that
 * reason to it). It follows main's state, so it leaves as soon as the
 * condition does.
 */
export function ServiceBanner({ compact = false }: { compact?: boolean }) {
  const { health, mode, keychain } = useAppStore(
    useShallow((s) => ({ health: s.state?.service ?? null, mode: s.state?.mode ?? null, keychain: s.state?.keychain ?? null })),
  );
  const retry = useCall(refreshBalance);
  const now = useNow();
  const t = useT();
  const f = useFormat();
  const words = useWords();
  const text = mode && mode !== 'welcome' && health ? serviceBannerText(health, t) : null;
  if (!text && !(keychain && !keychain.available && mode === 'account')) return null;
  return (
    <div
      className={`banner ${health?.status === 'auth_failed' ? 'banner-error' : 'banner-warn'}`}
      role="alert"
      data-testid="service-banner"
    >
      {text ? (
        <p>
          {text}
          {health?.since ? (
            <span className="muted">{t('banner.since', { age: f.age(health.since, Math.max(now, health.since)) })}</span>
          ) : null}
        </p>
      ) : (
        <p>{keychain?.message ? words(keychain.message) : t('banner.keychain')}</p>
      )}
      {health?.status === 'unreachable' && (
        <button type="button" onClick={() => void retry.run()} disabled={retry.pending}>
          {retry.pending ? t('banner.retrying') : t('banner.retry')}
        </button>
      )}
      {health?.status === 'auth_failed' && !compact && (
        <button type="button" onClick={openFixKey}>
          {t('banner.fixKey')}
        </button>
      )}
    </div>
  );
}
