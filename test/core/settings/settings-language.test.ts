import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/core/settings/settings-migrate.ts';
import { defaultSettings, SETTINGS_VERSION } from '../../../src/core/settings/settings-schema.ts';

describe('the language setting', () => {
  it('is null (follow the system) by default and in a file written before it existed', () => {
    expect(defaultSettings().language).toBeNull();
    expect(migrate({ version: SETTINGS_VERSION, pollIntervalSeconds: 120 }).language).toBeNull();
  });

  it.each(['en', 'zh-CN', 'ru'] as const)('keeps a supported choice: %s', (language) => {
    expect(migrate({ version: SETTINGS_VERSION, language }).language).toBe(language);
  });

  it('reads a language this version does not speak as null, keeping every other setting', () => {
    const settings = migrate({ version: SETTINGS_VERSION, language: 'de', pollIntervalSeconds: 120 });
    expect(settings.language).toBeNull();
    expect(settings.pollIntervalSeconds).toBe(120);
    expect(migrate({ version: SETTINGS_VERSION, language: 42 }).language).toBeNull();
  });
});
