import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dismissNotice, savePreset, setTab, startDemo, updateSettings } from '../../../src/renderer/src/state/actions.ts';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { baseState, failed, installFakeBridge, preset, settings } from '../fake-bridge.ts';
import { msg } from '../../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(() => useAppStore.setState(initial, true));

describe('the dashboard asks, main answers (state/actions.ts)', () => {
  it('writes the state main answers a mode switch with', async () => {
    installFakeBridge({ startDemo: async () => ({ ok: true, value: baseState({ mode: 'demo' }) }) });
    const result = await startDemo();
    expect(result.ok).toBe(true);
    expect(useAppStore.getState().state?.mode).toBe('demo');
  });

  it('writes the preset list main answers an edit with, and nothing when main refuses', async () => {
    installFakeBridge({ savePreset: async () => ({ ok: true, value: [preset({ id: 'saved' })] }) });
    await savePreset({ name: 'x', kind: 'timed', resource: 'energy', period: '1h', count: 65_000, address: 'T', capSun: '1' });
    expect(useAppStore.getState().presets.map((p) => p.id)).toEqual(['saved']);
    installFakeBridge({ savePreset: async () => failed('invalid_input', msg('errors:app.presetOrder')) });
    const refused = await savePreset({ name: 'y', kind: 'timed', resource: 'energy', period: '1h', count: 65_000, address: 'T', capSun: '1' });
    expect(refused.ok).toBe(false);
    expect(useAppStore.getState().presets.map((p) => p.id)).toEqual(['saved']);
  });

  it('shows a settings change at once and puts the old value back when main refuses it', async () => {
    let answer!: (refused: boolean) => void;
    installFakeBridge({
      updateSettings: () =>
        new Promise((resolve) => {
          answer = (refused) => resolve(refused ? failed('storage', msg('errors:settings.saveFailed', { reason: msg('errors:storage.diskFull') })) : { ok: true, value: settings });
        }),
    });
    useAppStore.setState({ settings });
    const saving = updateSettings({ notificationsEnabled: false });
    expect(useAppStore.getState().settings?.notificationsEnabled).toBe(false);
    answer(true);
    expect((await saving).ok).toBe(false);
    expect(useAppStore.getState().settings?.notificationsEnabled).toBe(true);
  });

  it('moves between tabs and dismisses a pushed notice', () => {
    const [a, b] = [msg('notices:presetsDropped', { count: 1 }), msg('notices:presetsDropped', { count: 2 })];
    useAppStore.setState({ notices: [{ level: 'warning', message: a }, { level: 'warning', message: b }] });
    setTab('orders');
    dismissNotice(0);
    expect(useAppStore.getState()).toMatchObject({ tab: 'orders', notices: [{ level: 'warning', message: b }] });
  });
});
