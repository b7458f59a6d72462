import type { MessageKey } from '../../shared/i18n/message.ts';
import { z } from 'zod';
import { parseStoredList, type StoredList } from '../base/stored-list.ts';
import { PERIOD_NAME } from '../../shared/order-rules.ts';
import { NAME_MAX } from '../../shared/user-names.ts';

const presetFields = {
  id: z.string().min(1).max(128),
  name: z.string().trim().min(1).max(NAME_MAX.preset),
  kind: z.enum(['timed', 'fast_recover']),
  resource: z.enum(['energy', 'net']),
  period: z.string().regex(PERIOD_NAME).nullable(),
  count: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  address: z.string().min(1).max(64),
  /** Spending cap in SUN, as a decimal string (JSON has no bigint). */
  capSun: z.string().regex(/^\d{1,24}$/),
};
const timedHasPeriod = (p: { kind: string; period: string | null }): boolean => (p.kind === 'timed') === (p.period !== null);
/** The check of kind and period, as a key of the errors catalogue (the editor's error names it). */
export const PRESET_PERIOD_PROBLEM: MessageKey = 'errors:app.presetPeriod';
const PERIOD_RULE = { message: PRESET_PERIOD_PROBLEM, path: ['period'] };

/**
 * A one-click preset buy, as the dashboard sends it. Stored in the settings
 * file (not the keychain: nothing here is secret), one list per profile
 * (ADR 0022), and validated on load: an invalid entry is dropped with a
 * notice rather than poisoning the whole list.
 */
export const presetSchema = z.object(presetFields).strict().refine(timedHasPeriod, PERIOD_RULE);

export type Preset = z.infer<typeof presetSchema>;

/**
 * Presets written before they were per profile (settings version 2) and no
 * profile to give them to: kept under this owner until the first account
 * opened adopts them (ADR 0022).
 */
export const UNOWNED_PRESETS = '';

/** A preset as stored: it names the profile it belongs to. */
export const storedPresetSchema = z
  .object({ ...presetFields, profileId: z.string().max(128) })
  .strict()
  .refine(timedHasPeriod, PERIOD_RULE);

export type StoredPreset = z.infer<typeof storedPresetSchema>;

/** The stored presets of every profile: an invalid entry, or one repeating an id in its profile, is left out and counted. */
export function parseStoredPresets(stored: readonly unknown[]): StoredList<StoredPreset> {
  return parseStoredList(stored, storedPresetSchema, (p) => [`${p.profileId}|${p.id}`]);
}

/**
 * The defaults offered once an address is known: 65,000 energy covers one
 * USDT transfer to an address that already holds USDT, 131,000 one to a new
 * holder; plus a one-time fast-recover top-up of 65,000.
 */
export function defaultPresets(address: string, newId: () => string): Preset[] {
  return [
    {
      id: newId(),
      name: 'USDT transfer (existing holder)',
      kind: 'timed',
      resource: 'energy',
      period: '1h',
      count: 65_000,
      address,
      capSun: '5000000',
    },
    {
      id: newId(),
      name: 'USDT transfer (new holder)',
      kind: 'timed',
      resource: 'energy',
      period: '1h',
      count: 131_000,
      address,
      capSun: '10000000',
    },
    {
      id: newId(),
      name: 'Quick top-up',
      kind: 'fast_recover',
      resource: 'energy',
      period: null,
      count: 65_000,
      address,
      capSun: '6000000',
    },
  ];
}
