import { SETTINGS_VERSION, settingsSchema } from './settings-schema.ts';
import type { Settings } from './settings-schema.ts';

export class SettingsFormatError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SettingsFormatError';
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

/** Parsed JSON of any known version → current Settings; throws SettingsFormatError when it cannot. */
export function migrate(raw: unknown): Settings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new SettingsFormatError('the file does not hold a JSON object');
  let value = raw as Record<string, unknown>;
  const version = value['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new SettingsFormatError('the file has no valid version');
  if (version > SETTINGS_VERSION) throw new SettingsFormatError(`the file was written by a newer Energy Tray (settings version ${version})`);
  for (let v = version; v < SETTINGS_VERSION; v++) {
    const step = STEPS[v];
    if (!step) throw new SettingsFormatError(`no migration from settings version ${v}`);
    value = step(value);
  }
  const parsed = settingsSchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new SettingsFormatError(`invalid settings${first ? ` at ${first.path.join('.') || '(root)'}: ${first.message}` : ''}`, { cause: parsed.error });
  }
  return parsed.data;
}
