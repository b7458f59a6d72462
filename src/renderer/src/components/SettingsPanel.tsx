import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ProfileView, SettingsPatch } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import {
  fixKeyOpened,
  openLogs as openLogFolder,
  removeCredentials,
  setActiveProfile,
  stopDemo as leaveDemo,
  updateSettings,
} from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ConnectForm } from './ConnectForm.tsx';
import { ErrorMessage } from './ErrorMessage.tsx';
import { NodeSettings } from './NodeSettings.tsx';
import { AssistantSettings } from './AssistantSettings.tsx';
import { durationWords } from '../messages.ts';
import { TrxSettingField } from './TrxSettingField.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { useFormat, useT, useWords } from '../i18n.ts';

/** "Fix key" from the banner: this profile's key form opens, with focus in its key field. */
function useFixKey(profileId: string, open: () => void): React.RefObject<HTMLLIElement | null> {
  const fixKeyFor = useAppStore((s) => s.fixKeyFor);
  const card = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (fixKeyFor !== profileId) return;
    open();
    fixKeyOpened();
    // After the view's own focus move (its heading, one frame after the tab changed).
    requestAnimationFrame(() =>
      requestAnimationFrame(() => card.current?.querySelector<HTMLInputElement>('input[autocomplete="off"]')?.focus()),
    );
  }, [fixKeyFor, profileId, open]);
  return card;
}

function ProfileCard({ profile }: { profile: ProfileView }) {
  const [replacing, setReplacing] = useState(false);
  const card = useFixKey(
    profile.id,
    useCallback(() => setReplacing(true), []),
  );
  const remove = useCall(useCallback(() => removeCredentials(profile.id), [profile.id]));
  const activate = useCall(useCallback(() => setActiveProfile(profile.id), [profile.id]));
  const t = useT();
  const f = useFormat();
  return (
    <li className="profile" data-testid="profile" ref={card}>
      <div>
        <strong>{profile.name}</strong> {profile.active && <span className="badge">{t('settings.active')}</span>}
        <div className="muted small">
          {profile.baseUrl} · {profile.configured ? t('settings.keyHint', { hint: profile.keyHint ?? '' }) : t('settings.noCredentials')}
          {profile.lastVerifiedAt ? t('settings.verified', { at: f.dateTime(profile.lastVerifiedAt) }) : ''}
        </div>
      </div>
      <div className="row">
        {!profile.active && (
          <button type="button" onClick={() => void activate.run()}>
            {t('settings.useAccount')}
          </button>
        )}
        <button type="button" onClick={() => setReplacing(!replacing)}>
          {profile.configured ? t('settings.replaceCredentials') : t('settings.addCredentials')}
        </button>
        {profile.configured && (
          <button type="button" onClick={() => void remove.run()}>
            {t('settings.removeCredentials')}
          </button>
        )}
      </div>
      <ErrorMessage error={remove.error ?? activate.error} />
      {replacing && <ConnectForm profileId={profile.id} initialBaseUrl={profile.baseUrl} onConnected={() => setReplacing(false)} />}
    </li>
  );
}

export function SettingsPanel() {
  const { state, settings } = useAppStore(useShallow((s) => ({ state: s.state, settings: s.settings })));
  const [adding, setAdding] = useState(false);
  const update = useCall(updateSettings);
  const stopDemo = useCall(leaveDemo);
  const openLogs = useCall(openLogFolder);
  const t = useT();
  const words = useWords();
  // Optimistic (see updateSettings): the control reflects the choice at once.
  const save = (patch: SettingsPatch) => {
    if (settings) void update.run(patch);
  };

  return (
    <div className="stack">
      <section className="card" aria-labelledby="accounts-title">
        <div className="card-head">
          <h2 id="accounts-title">{t('settings.accounts')}</h2>
          <button type="button" onClick={() => setAdding(!adding)}>
            {t('settings.addAccount')}
          </button>
        </div>
        {state?.mode === 'demo' && (
          <p>
            {t('settings.inDemo')}{' '}
            <button type="button" onClick={() => void stopDemo.run()}>
              {t('settings.leaveDemo')}
            </button>
          </p>
        )}
        {state && !state.keychain.available && state.keychain.message && <p className="warn">{words(state.keychain.message)}</p>}
        <ul className="profiles">{state?.profiles.map((p) => <ProfileCard key={p.id} profile={p} />)}</ul>
        {state?.profiles.length === 0 && <p className="muted">{t('settings.noAccount')}</p>}
        {adding && <ConnectForm onConnected={() => setAdding(false)} />}
        <ErrorMessage error={stopDemo.error} />
      </section>
      {settings && (
        <section className="card form" aria-labelledby="prefs-title">
          <h2 id="prefs-title">{t('settings.preferences')}</h2>
          <div className="field">
            <label htmlFor="poll-interval">{t('settings.refreshEvery')}</label>
            <select
              id="poll-interval"
              value={settings.pollIntervalSeconds}
              onChange={(e) => save({ pollIntervalSeconds: Number(e.target.value) })}
            >
              {[15, 30, 60, 120, 300, 600].map((s) => (
                <option key={s} value={s}>
                  {durationWords(s, t)}
                </option>
              ))}
            </select>
          </div>
          <TrxSettingField
            id="low-threshold"
            label={t('settings.lowLabel')}
            valueSun={settings.lowBalanceThresholdSun}
            what="settings.threshold"
            hint={(now) => t('settings.lowHint', { now })}
            onSave={(sun) => save({ lowBalanceThresholdSun: sun })}
          />
          <TrxSettingField
            id="daily-limit"
            label={t('settings.limitLabel')}
            valueSun={settings.dailyLimitSun}
            what="settings.limit"
            hint={(now) => t('settings.limitHint', { now })}
            onSave={(sun) => save({ dailyLimitSun: sun })}
          />
          <TrxSettingField
            id="large-order"
            label={t('settings.largeLabel')}
            valueSun={settings.largeOrderSun}
            what="settings.amount"
            hint={(now) => t('settings.largeHint', { now, percent: settings.largeOrderPercent })}
            onSave={(sun) => save({ largeOrderSun: sun })}
          />
          <div className="field">
            <label htmlFor="large-order-percent">{t('settings.largePercent')}</label>
            <select
              id="large-order-percent"
              value={settings.largeOrderPercent}
              onChange={(e) => save({ largeOrderPercent: Number(e.target.value) })}
            >
              {[...new Set([5, 10, 20, 25, 50, settings.largeOrderPercent])]
                .sort((a, b) => a - b)
                .map((p) => (
                  <option key={p} value={p}>
                    {t('settings.percent', { p })}
                  </option>
                ))}
            </select>
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.notificationsEnabled}
              onChange={(e) => save({ notificationsEnabled: e.target.checked })}
            />
            {t('settings.notifications')}
          </label>
          <label className="check">
            <input type="checkbox" checked={settings.launchAtLogin} onChange={(e) => save({ launchAtLogin: e.target.checked })} />
            {t('settings.launchAtLogin')}
          </label>
          <LanguagePicker value={settings.language} onChange={(language) => save({ language })} />
          <p className="muted small">{t('settings.theme')}</p>
          <div className="row">
            <button type="button" onClick={() => void openLogs.run()}>
              {t('settings.openLogs')}
            </button>
          </div>
          <ErrorMessage error={update.error ?? openLogs.error} />
        </section>
      )}
      <NodeSettings />
      <AssistantSettings />
    </div>
  );
}
