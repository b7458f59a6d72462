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
 * 2 → 3: presets per profile (ADR 0022). The one list every account shared
 * is copied to each profile the file lists, ids kept (each profile's order
 * history names them); with no profile yet, it is kept unowned (profileId
 * '') for the first account opened to adopt.
 */
const STEPS: Readonly<Record<number, (old: Record<string, unknown>) => Record<string, unknown>>> = {
  1: (v1) => ({ ...v1, version: 2, rules: [], autoTopUpPaused: false }),
  2: (v2) => ({ ...v2, version: 3, presets: presetsPerProfile(v2['presets'], v2['profiles']) }),
};

/** Where in the settings a problem is ("profiles.0.baseUrl"); "(root)" for the whole file. */
export const settingsField = (path: readonly PropertyKey[] | undefined): string => (path ?? []).map(String).join('.') || '(root)';

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
