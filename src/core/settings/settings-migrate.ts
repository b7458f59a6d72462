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
 * 2 → 3: presets per profile (ADR 0022). The one list every account shared
 * is copied to each profile the file lists, ids kept (each profile's order
 * history names them); with no profile yet, it is kept unowned (profileId
 * '') for the first account opened to adopt.
 */
const STEPS: Readonly<Record<number, (old: Record<string, unknown>) => Record<string, unknown>>> = {
  1: (v1) => ({ ...v1, version: 2, rules: [], autoTopUpPaused: false }),
  2: (v2) => ({ ...v2, version: 3, presets: presetsPerProfile(v2['presets'], v2['profiles']) }),
};

function presetsPerProfile(presets: unknown, profiles: unknown): unknown {
  if (!Array.isArray(presets)) return presets;
  const ids = Array.isArray(profiles)
    ? profiles.map((p: unknown) => (p as { id?: unknown } | null)?.id).filter((id) => typeof id === 'string')
    : [];
  const owners = ids.length > 0 ? ids : [''];
  const isEntry = (p: unknown): p is object => typeof p === 'object' && p !== null && !Array.isArray(p);
  // An entry that is not an object stays as it was, once: the presets module drops it with its notice, as before.
  return [
    ...presets.filter((p) => !isEntry(p)),
    ...owners.flatMap((profileId) => presets.filter(isEntry).map((p) => ({ ...p, profileId }))),
  ];
}

/** Parsed JSON of any known version → current Settings; throws SettingsFormatError when it cannot. */
export function migrate(raw: unknown): Settings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new SettingsFormatError('the file does not hold a JSON object');
  let value = raw as Record<string, unknown>;
  const version = value['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new SettingsFormatError('the file has no valid version');
  if (version > SETTINGS_VERSION)
    throw new SettingsFormatError(`the file was written by a newer Energy Tray (settings version ${version})`);
  for (let v = version; v < SETTINGS_VERSION; v++) {
    const step = STEPS[v];
    if (!step) throw new SettingsFormatError(`no migration from settings version ${v}`);
    value = step(value);
  }
  const parsed = settingsSchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new SettingsFormatError(`invalid settings${first ? ` at ${first.path.join('.') || '(root)'}: ${first.message}` : ''}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
