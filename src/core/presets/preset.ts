import type { MessageKey } from '../../shared/i18n/message.ts';
import { z } from 'zod';
import { PERIOD_NAME } from '../../shared/order-rules.ts';
import { NAME_MAX } from '../../shared/user-names.ts';

/**
 * A one-click top-up. Stored in the settings file (not the keychain: nothing
 * here is secret) and validated on load: an invalid entry is dropped with a
 * notice rather than poisoning the whole list.
 */
/** The check of kind and period, as a key of the errors catalogue (the editor's error names it). */
export const PRESET_PERIOD_PROBLEM: MessageKey = 'errors:app.presetPeriod';

export const presetSchema = z
  .object({
    id: z.string().min(1).max(128),
    name: z.string().trim().min(1).max(NAME_MAX.preset),
    kind: z.enum(['timed', 'fast_recover']),
    resource: z.enum(['energy', 'net']),
    period: z.string().regex(PERIOD_NAME).nullable(),
    count: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    address: z.string().min(1).max(64),
    /** Spending cap in SUN, as a decimal string (JSON has no bigint). */
    capSun: z.string().regex(/^\d{1,24}$/),
  })
  .strict()
  .refine((p) => (p.kind === 'timed') === (p.period !== null), {
    message: PRESET_PERIOD_PROBLEM,
    path: ['period'],
  });

export type Preset = z.infer<typeof presetSchema>;

export interface LoadedPresets {
  presets: Preset[];
  /** How many stored entries were invalid and left out. */
  dropped: number;
}

export function parseStoredPresets(stored: readonly unknown[]): LoadedPresets {
  const presets: Preset[] = [];
  let dropped = 0;
  const seen = new Set<string>();
  for (const entry of stored) {
    const parsed = presetSchema.safeParse(entry);
    if (parsed.success && !seen.has(parsed.data.id)) {
      seen.add(parsed.data.id);
      presets.push(parsed.data);
    } else dropped++;
  }
  return { presets, dropped };
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
