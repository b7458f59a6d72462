import { useCallback, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ProfileView, SettingsPatch } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { openLogs as openLogFolder, removeCredentials, setActiveProfile, stopDemo as leaveDemo, updateSettings } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ConnectForm } from './ConnectForm.tsx';
import { ErrorMessage } from './ErrorMessage.tsx';
import { NodeSettings } from './NodeSettings.tsx';
import { durationWords } from '../messages.ts';
import { TrxSettingField } from './TrxSettingField.tsx';

function ProfileCard({ profile }: { profile: ProfileView }) {
  const [replacing, setReplacing] = useState(false);
  const remove = useCall(useCallback(() => removeCredentials(profile.id), [profile.id]));
  const activate = useCall(useCallback(() => setActiveProfile(profile.id), [profile.id]));
  return (
    <li className="profile" data-testid="profile">
      <div>
        <strong>{profile.name}</strong> {profile.active && <span className="badge">active</span>}
        <div className="muted small">
          {profile.baseUrl} · {profile.configured ? `key …${profile.keyHint ?? ''}` : 'no credentials stored'}
          {profile.lastVerifiedAt ? ` · verified ${new Date(profile.lastVerifiedAt).toLocaleString()}` : ''}
        </div>
      </div>
      <div className="row">
        {!profile.active && (
          <button type="button" onClick={() => void activate.run()}>
            Use this account
          </button>
        )}
        <button type="button" onClick={() => setReplacing(!replacing)}>
          {profile.configured ? 'Replace credentials' : 'Add credentials'}
        </button>
        {profile.configured && (
          <button type="button" onClick={() => void remove.run()}>
            Remove credentials
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
  // Optimistic (see updateSettings): the control reflects the choice at once.
  const save = (patch: SettingsPatch) => {
    if (settings) void update.run(patch);
  };

  return (
    <div className="stack">
      <section className="card" aria-labelledby="accounts-title">
        <div className="card-head">
          <h2 id="accounts-title">Accounts</h2>
          <button type="button" onClick={() => setAdding(!adding)}>
            Add account
          </button>
        </div>
        {state?.mode === 'demo' && (
          <p>
            You are in demo mode.{' '}
            <button type="button" onClick={() => void stopDemo.run()}>
              Leave demo
            </button>
          </p>
        )}
        {state && !state.keychain.available && <p className="warn">{state.keychain.message}</p>}
        <ul className="profiles">
          {state?.profiles.map((p) => (
            <ProfileCard key={p.id} profile={p} />
          ))}
        </ul>
        {state?.profiles.length === 0 && <p className="muted">No account connected.</p>}
        {adding && <ConnectForm onConnected={() => setAdding(false)} />}
        <ErrorMessage error={stopDemo.error} />
      </section>
      {settings && (
        <section className="card form" aria-labelledby="prefs-title">
          <h2 id="prefs-title">Preferences</h2>
          <div className="field">
            <label htmlFor="poll-interval">Refresh the balance every</label>
            <select id="poll-interval" value={settings.pollIntervalSeconds} onChange={(e) => save({ pollIntervalSeconds: Number(e.target.value) })}>
              {[15, 30, 60, 120, 300, 600].map((s) => (
                <option key={s} value={s}>
                  {durationWords(s)}
                </option>
              ))}
            </select>
          </div>
          <TrxSettingField
            id="low-threshold"
            label="Low-balance warning below (TRX)"
            valueSun={settings.lowBalanceThresholdSun}
            what="threshold"
            hint={(now) => `Now ${now}. Lowering it asks for your approval.`}
            onSave={(sun) => save({ lowBalanceThresholdSun: sun })}
          />
          <TrxSettingField
            id="daily-limit"
            label="Daily spending limit (TRX)"
            valueSun={settings.dailyLimitSun}
            what="limit"
            hint={(now) => `Now ${now} a day, all paid orders together (dashboard, tray, CLI). Raising it asks for your approval.`}
            onSave={(sun) => save({ dailyLimitSun: sun })}
          />
          <TrxSettingField
            id="large-order"
            label="Call an order large over (TRX)"
            valueSun={settings.largeOrderSun}
            what="amount"
            hint={(now) => `Now ${now}, or over ${settings.largeOrderPercent} % of the balance: the confirmation before a buy, and Energy Tray's own approval, then say "Large order". Raising it asks for your approval.`}
            onSave={(sun) => save({ largeOrderSun: sun })}
          />
          <div className="field">
            <label htmlFor="large-order-percent">…or over this share of the TRX balance</label>
            <select id="large-order-percent" value={settings.largeOrderPercent} onChange={(e) => save({ largeOrderPercent: Number(e.target.value) })}>
              {[...new Set([5, 10, 20, 25, 50, settings.largeOrderPercent])].sort((a, b) => a - b).map((p) => (
                <option key={p} value={p}>
                  {p} %
                </option>
              ))}
            </select>
          </div>
          <label className="check">
            <input type="checkbox" checked={settings.notificationsEnabled} onChange={(e) => save({ notificationsEnabled: e.target.checked })} />
            Notifications when orders finish and when the balance runs low
          </label>
          <label className="check">
            <input type="checkbox" checked={settings.launchAtLogin} onChange={(e) => save({ launchAtLogin: e.target.checked })} />
            Start Energy Tray when I log in
          </label>
          <p className="muted small">The theme follows your system's light or dark setting.</p>
          <div className="row">
            <button type="button" onClick={() => void openLogs.run()}>
              Open logs
            </button>
          </div>
          <ErrorMessage error={update.error ?? openLogs.error} />
        </section>
      )}
      <NodeSettings />
    </div>
  );
}
