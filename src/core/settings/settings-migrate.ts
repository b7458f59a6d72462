import { englishText } from '../../shared/i18n/english-message.ts';
import { msg, type Message } from '../../shared/i18n/message.ts';
import { SETTINGS_VERSION, settingsSchema } from './settings-schema.ts';
import type { Settings } from './settings-schema.ts';

/** The file cannot be read as settings; `reason` says why (the notice about the file moved aside names it). */
export class SettingsFormatError extends Error {
  readonly reason: Message;

  constructor(reason: Message, options?: { cause?: unknown }) {
    super(englishText(reason), options);
    this.name = 'SettingsFormatError';
    this.reason = reason;
  }
}

/**
 * Step N turns a version-N file into a version-(N+1) file; a new version adds
 * its step and bumps SETTINGS_VERSION together with the schema.
 * 1 → 2: auto top-up rules (none yet) and "pause all" (off). A version-1 file
 * keeps every field it had.
 */
const STEPS: Readonly<Record<number, (old: Record<string, unknown>) => Record<string, unknown>>> = {
  1: (v1) => ({ ...v1, version: 2, rules: [], autoTopUpPaused: false }),
};

/** Where in the settings a problem is ("profiles.0.baseUrl"); "(root)" for the whole file. */
export const settingsField = (path: readonly PropertyKey[] | undefined): string => (path ?? []).map(String).join('.') || '(root)';

/** Parsed JSON of any known version → current Settings; throws SettingsFormatError when it cannot. */
export function migrate(raw: unknown): Settings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new SettingsFormatError(msg('errors:settings.notObject'));
  let value = raw as Record<string, unknown>;
  const version = value['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new SettingsFormatError(msg('errors:settings.noVersion'));
  }
  if (version > SETTINGS_VERSION) throw new SettingsFormatError(msg('errors:settings.newer', { version }));
  for (let v = version; v < SETTINGS_VERSION; v++) {
    const step = STEPS[v];
    if (!step) throw new SettingsFormatError(msg('errors:settings.noMigration', { version: v }));
    value = step(value);
  }
  const parsed = settingsSchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new SettingsFormatError(msg('errors:settings.invalidAt', { field: settingsField(first?.path) }), { cause: parsed.error });
  }
  return parsed.data;
}
