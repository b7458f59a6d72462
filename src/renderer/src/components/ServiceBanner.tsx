import { useShallow } from 'zustand/react/shallow';
import { useCall } from '../hooks/use-call.ts';
import { useNow } from '../hooks/use-now.ts';
import { formatAge } from '../../../shared/format.ts';
import { KEYCHAIN_BANNER, serviceBannerText } from '../messages.ts';
import { refreshBalance, setTab } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';

/**
 * The header banner for a condition that affects everything shown: the
 * service not answering (with Retry), the key refused, the keychain missing.
 * It follows main's state, so it leaves as soon as the condition does.
 */
export function ServiceBanner({ compact = false }: { compact?: boolean }) {
  const { health, mode, keychain } = useAppStore(useShallow((s) => ({ health: s.state?.service ?? null, mode: s.state?.mode ?? null, keychain: s.state?.keychain ?? null })));
  const retry = useCall(refreshBalance);
  const now = useNow();
  const text = mode && mode !== 'welcome' && health ? serviceBannerText(health) : null;
  if (!text && !(keychain && !keychain.available && mode === 'account')) return null;
  return (
    <div className={`banner ${health?.status === 'auth_failed' ? 'banner-error' : 'banner-warn'}`} role="alert" data-testid="service-banner">
      {text ? (
        <p>
          {text}
          {health?.since ? <span className="muted"> Since {formatAge(health.since, Math.max(now, health.since))}.</span> : null}
        </p>
      ) : (
        <p>{keychain?.message ?? KEYCHAIN_BANNER}</p>
      )}
      {health?.status === 'unreachable' && (
        <button type="button" onClick={() => void retry.run()} disabled={retry.pending}>
          {retry.pending ? 'Retrying…' : 'Retry now'}
        </button>
      )}
      {health?.status === 'auth_failed' && !compact && (
        <button type="button" onClick={() => setTab('settings')}>
          Open Settings
        </button>
      )}
    </div>
  );
}
