import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsPanel } from '../../../src/renderer/src/components/SettingsPanel.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { baseState, failed, installFakeBridge, settings } from '../fake-bridge.ts';
import { msg } from '../../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('settings', () => {
  const profile = { id: 'pr1', name: 'Main account', baseUrl: 'https://api.example/v2', keyHint: 'ab12', lastVerifiedAt: 1, configured: true, active: true };

  it('shows the profile with only the key hint and removes credentials', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ state: baseState({ mode: 'account', profiles: [profile], activeProfileId: 'pr1' }), settings });
    const user = userEvent.setup();
    render(<SettingsPanel />);
    expect(screen.getByText(/key …ab12/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove credentials' }));
    expect(bridge.callsOf('removeCredentials')).toEqual([{ profileId: 'pr1' }]);
  });

  it('saves preferences', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ state: baseState(), settings });
    const user = userEvent.setup();
    render(<SettingsPanel />);
    await user.click(screen.getByLabelText(/Notifications when orders finish/));
    await user.selectOptions(screen.getByLabelText('Refresh the balance every'), '120');
    const threshold = screen.getByLabelText('Low-balance warning below (TRX)');
    await user.clear(threshold);
    await user.type(threshold, '25.5');
    await user.tab();
    expect(bridge.callsOf('updateSettings')).toEqual([
      { patch: { notificationsEnabled: false } },
      { patch: { pollIntervalSeconds: 120 } },
      { patch: { lowBalanceThresholdSun: '25500000' } },
    ]);
  });

  it('picks the language: each by its own name, System by default; the dashboard then speaks the one main resolved', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ state: baseState(), settings });
    const user = userEvent.setup();
    render(<SettingsPanel />);
    const picker = screen.getByLabelText('Language') as HTMLSelectElement;
    expect(picker.value).toBe('');
    expect([...picker.options].map((o) => o.textContent)).toEqual(['System', 'English', '简体中文', 'Русский']);
    await user.selectOptions(picker, 'zh-CN');
    expect(bridge.callsOf('updateSettings')).toEqual([{ patch: { language: 'zh-CN' } }]);
    // The Chinese catalogue is a chunk of its own: the settings are written once it is loaded.
    await waitFor(() => expect(useAppStore.getState().settings).toMatchObject({ language: 'zh-CN', resolvedLanguage: 'zh-CN' }));
    expect(((await screen.findByLabelText('语言')) as HTMLSelectElement).value).toBe('zh-CN');
    await user.selectOptions(screen.getByLabelText('语言'), '');
    expect(bridge.callsOf('updateSettings')[1]).toEqual({ patch: { language: null } });
    expect(screen.getByLabelText('Language')).toBeTruthy();
  });

  it('leaves demo mode', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ state: baseState({ mode: 'demo' }), settings });
    const user = userEvent.setup();
    render(<SettingsPanel />);
    await user.click(screen.getByRole('button', { name: 'Leave demo' }));
    expect(bridge.callsOf('stopDemo')).toHaveLength(1);
    expect(useAppStore.getState().state?.mode).toBe('welcome');
  });
});

describe('settings input errors', () => {
  it('says why a low-balance threshold was not saved instead of dropping it', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ state: baseState(), settings });
    const user = userEvent.setup();
    render(<SettingsPanel />);
    const threshold = screen.getByLabelText('Low-balance warning below (TRX)');
    await user.clear(threshold);
    await user.type(threshold, '1.2345678');
    await user.tab();
    expect(screen.getByText(/The threshold was not changed/)).toBeTruthy();
    expect(bridge.callsOf('updateSettings')).toEqual([]);
  });
});

describe('the daily spending limit', () => {
  it('saves a new limit and, when main does not approve the raise, puts the old one back and says why', async () => {
    const bridge = installFakeBridge({
      updateSettings: async () => failed('not_approved', msg('errors:app.notApprovedChanged')),
    });
    useAppStore.setState({ state: baseState(), settings });
    const user = userEvent.setup();
    render(<SettingsPanel />);
    expect(screen.getByText(/Now 100.00 TRX a day/)).toBeTruthy();
    const limit = screen.getByLabelText('Daily spending limit (TRX)');
    await user.clear(limit);
    await user.type(limit, '250');
    await user.tab();
    expect(bridge.callsOf('updateSettings')).toEqual([{ patch: { dailyLimitSun: '250000000' } }]);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Not approved — nothing was sent or changed. Not approved: nothing was changed.');
    expect(useAppStore.getState().settings?.dailyLimitSun).toBe('100000000');
    expect((limit as HTMLInputElement).value).toBe('100');
  });
});
