import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src/core/settings/settings-schema.ts';
import { InvalidSettingsError, SettingsStorageError, SettingsStore } from '../../../src/core/settings/settings-store.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { VALID_ADDRESS } from '../../support/addresses.ts';
import { tempDirs } from '../../support/temp-dir.ts';

const tempDir = tempDirs('settings');

const profile = {
  id: '0b6f8f8e-2c1a-4d3e-9f00-1a2b3c4d5e6f',
  name: 'Main',
  baseUrl: 'https://api.example.com/v2',
  keyHint: 'ab12',
  lastVerifiedAt: 1_700_000_000_000,
};

describe('SettingsStore', () => {
  it('gives the documented defaults when there is no file, and creates nothing', async () => {
    const dir = join(tempDir(), 'Energy Tray');
    const { settings, notice } = await new SettingsStore({ dir }).load();
    expect(notice).toBeUndefined();
    expect(settings).toEqual({
      version: 3,
      profiles: [],
      activeProfileId: null,
      demo: false,
      pollIntervalSeconds: 60,
      lowBalanceThresholdSun: '10000000',
  dailyLimitSun: '100000000',
      notificationsEnabled: true,
      launchAtLogin: false,
      largeOrderPercent: 10,
      largeOrderSun: '20000000',
      dashboardBounds: null,
      presets: [],
      nodeUrl: null,
      nodeDailyBudget: null,
      language: null,
      wallets: [],
      rules: [],
      autoTopUpPaused: false,
    });
    await expect(stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('loads a version-1 file (before auto top-up) with every field it had, no rules and nothing paused', async () => {
    const dir = tempDir();
    const wallet = { id: 'w1', profileId: profile.id, address: VALID_ADDRESS, label: 'Payroll', plan: 'holder', exactRecipient: null, exactEnergy: null, topUpTransfers: 2 };
    const v1 = { version: 1, profiles: [profile], activeProfileId: profile.id, dailyLimitSun: '50000000', presets: [{ id: 'p1' }], wallets: [wallet] };
    await writeFile(join(dir, 'settings.json'), JSON.stringify(v1));
    const { settings, notice } = await new SettingsStore({ dir }).load();
    expect(notice).toBeUndefined();
    expect(settings).toMatchObject({ ...v1, version: 3, rules: [], autoTopUpPaused: false, presets: [{ id: 'p1', profileId: profile.id }] });
    // Not rewritten by a load: the file stays as it was until the next change.
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual(v1);
    const saved = await new SettingsStore({ dir }).update((s) => ({ ...s, autoTopUpPaused: true }));
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual({ ...saved, version: 3 });
  });

  it('gives each profile of a version-2 file its own copy of the presets every account shared (ids kept), or keeps them unowned', async () => {
    const dir = await tempDir();
    const other = { ...profile, id: '3f1c2b9a-6d4e-4f5a-8b7c-1d2e3f4a5b6c', name: 'Shop' };
    const preset = { id: 'p1', name: 'Daily', kind: 'timed', resource: 'energy', period: '1h', count: 65_000, address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', capSun: '5000000' };
    const v2 = { version: 2, profiles: [profile, other], activeProfileId: profile.id, presets: [preset] };
    await writeFile(join(dir, 'settings.json'), JSON.stringify(v2));
    const { settings, notice } = await new SettingsStore({ dir }).load();
    expect(notice).toBeUndefined();
    // Nothing lost: every other field as it was, each profile with every preset.
    expect(settings).toMatchObject({ ...v2, version: 3, presets: [{ ...preset, profileId: profile.id }, { ...preset, profileId: other.id }] });
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 2, presets: [preset] }));
    expect((await new SettingsStore({ dir }).load()).settings.presets).toEqual([{ ...preset, profileId: '' }]);
  });

  it('round-trips an update through the file, in a 0700 folder with a 0600 file', async () => {
    const dir = join(tempDir(), 'nested', 'Energy Tray');
    const store = new SettingsStore({ dir });
    const saved = await store.update((s) => ({ ...s, profiles: [profile], activeProfileId: profile.id, pollIntervalSeconds: 120, presets: [{ id: 'p1' }] }));
    expect((await new SettingsStore({ dir }).load()).settings).toEqual(saved);
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual(saved);
    if (process.platform !== 'win32') {
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600);
    }
  });

  it('fills missing fields of a version-1 file with defaults', async () => {
    const dir = tempDir();
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, demo: true }));
    const { settings, notice } = await new SettingsStore({ dir }).load();
    expect(notice).toBeUndefined();
    expect(settings).toEqual({ ...defaultSettings(), demo: true });
  });

  it('drops unknown fields, so nothing foreign (such as a secret) is written back', async () => {
    const dir = tempDir();
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, apiSecret: 'leaked-secret-123', profiles: [{ ...profile, apiKey: 'full-key-123' }], activeProfileId: profile.id }));
    const store = new SettingsStore({ dir });
    await store.update((s) => ({ ...s, demo: true }));
    const text = await readFile(join(dir, 'settings.json'), 'utf8');
    expect(text).not.toContain('leaked-secret-123');
    expect(text).not.toContain('full-key-123');
    expect(JSON.parse(text).profiles).toEqual([profile]);
  });

  it.each([
    ['invalid JSON', '{"version": 1, "profiles": [', /not valid JSON/],
    ['a schema violation', JSON.stringify({ version: 1, pollIntervalSeconds: 5 }), /pollIntervalSeconds/],
    ['a dangling active profile', JSON.stringify({ version: 1, activeProfileId: 'gone' }), /activeProfileId/],
    ['no version', JSON.stringify({ profiles: [] }), /no valid version/],
    ['a newer version', JSON.stringify({ version: 4 }), /newer Energy Tray \(settings version 4\)/],
    ['not an object', '[1,2,3]', /JSON object/],
  ])('moves a file with %s aside, uses defaults and says so until the notice is cleared', async (_what, content, reason) => {
    const dir = tempDir();
    await writeFile(join(dir, 'settings.json'), content);
    const store = new SettingsStore({ dir, now: () => 1_234_567 });
    const first = await store.load();
    expect(first.settings).toEqual(defaultSettings());
    const said = englishText(first.notice!);
    expect(said).toMatch(reason);
    expect(said).toContain('settings.json.corrupt-1234567');
    expect(first.notice?.key).toBe('notices:settingsMovedAside');
    expect(await readFile(join(dir, 'settings.json.corrupt-1234567'), 'utf8')).toBe(content);
    expect(await readdir(dir)).toEqual(['settings.json.corrupt-1234567']);
    expect((await store.load()).notice).toEqual(first.notice);
    store.clearNotice();
    expect(await store.load()).toEqual({ settings: defaultSettings() });
  });

  it('reports a quarantine found during an update at the next load, and writes the update', async () => {
    const dir = tempDir();
    await writeFile(join(dir, 'settings.json'), 'garbage');
    const store = new SettingsStore({ dir, now: () => 42 });
    await store.update((s) => ({ ...s, launchAtLogin: true }));
    const { settings, notice } = await store.load();
    expect(settings.launchAtLogin).toBe(true);
    expect(englishText(notice!)).toContain('settings.json.corrupt-42');
  });

  it('applies concurrent updates in order, losing none', async () => {
    const dir = tempDir();
    const store = new SettingsStore({ dir });
    const updates = Array.from({ length: 25 }, (_, i) =>
      store.update((s) => ({ ...s, presets: [...s.presets, { n: i }], pollIntervalSeconds: 15 + i })),
    );
    const results = await Promise.all(updates);
    expect(results.map((s) => s.presets.length)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const { settings } = await store.load();
    expect(settings.presets).toEqual(Array.from({ length: 25 }, (_, i) => ({ n: i })));
    expect(settings.pollIntervalSeconds).toBe(39);
  });

  it('refuses an update that breaks the schema and leaves the file as it was', async () => {
    const dir = tempDir();
    const store = new SettingsStore({ dir });
    await store.update((s) => ({ ...s, demo: true }));
    const before = await readFile(join(dir, 'settings.json'), 'utf8');
    for (const bad of [{ pollIntervalSeconds: 14 }, { pollIntervalSeconds: 60.5 }, { lowBalanceThresholdSun: '1.5' }, { lowBalanceThresholdSun: '-1' }, { activeProfileId: 'nope' }]) {
      const err = await store.update((s) => ({ ...s, ...bad })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidSettingsError);
      expect(toIpcError(err).code).toBe('invalid_input');
    }
    await expect(store.update((s) => ({ ...s, profiles: [profile, profile] }))).rejects.toThrow(/Invalid settings: profiles is not valid/);
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(before);
    // A failed update does not block the queue.
    expect((await store.update((s) => ({ ...s, demo: false }))).demo).toBe(false);
  });

  it('reports a folder it cannot create as a storage error without the path', async () => {
    const dir = tempDir();
    // A file where the folder should be fails even for root, unlike permissions.
    await writeFile(join(dir, 'blocked'), 'not a folder');
    const target = join(dir, 'blocked', 'Energy Tray');
    const err = await new SettingsStore({ dir: target }).update((s) => s).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SettingsStorageError);
    expect(toIpcError(err)).toMatchObject({ code: 'storage' });
    expect((err as Error).message).toMatch(/could not (read|save) its settings file \((ENOTDIR|EEXIST)\)/);
    expect((err as Error).message).not.toContain(dir);
  });
});
