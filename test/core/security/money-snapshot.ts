import { SettingsStore } from '../../../src/core/settings/settings-store.ts';
import type { AppOnFakeDesktop } from '../../support/fake-desktop.ts';

/**
 * What decides where money goes and what the person sees of it, read from
 * the settings file on disk, the keychain and the app's memory: presets
 * (what, where, up to how much), profiles (which service), credentials,
 * notifications, the daily limit and the low-balance warning.
 */
export interface MoneySnapshot {
  presets: Map<string, string>;
  /** The presets the app holds in memory (account mode only; the demo's are not money). */
  livePresets: Map<string, string> | null;
  profiles: Map<string, string>;
  keychain: Map<string, string>;
  notificationsEnabled: boolean;
  dailyLimitSun: bigint;
  lowBalanceThresholdSun: bigint;
  /** When an order is called large: raising either hides the warning from a typo. */
  largeOrderSun: bigint;
  largeOrderPercent: number;
  /** Auto top-up rules: id → what lets them spend (address, cap, orders a day, on, the price ceiling per energy; null: the burn price). */
  rules: Map<string, { address: string; capSun: bigint; orders: number; enabled: boolean; ceiling: bigint | null }>;
  autoTopUpPaused: boolean;
  /** Polling paused: nothing is read, so a finished order is not told. */
  pollingPaused: boolean;
  /** The assistant allowance per profile (issue 27): what an AI assistant may buy, and where. */
  assistant: Map<string, { dailySun: bigint; perOrderSun: bigint; watchedOnly: boolean; addresses: string[] }>;
}

const presetKey = (p: Record<string, unknown>): string => JSON.stringify([p['kind'], p['resource'], p['period'], p['count'], p['address'], p['capSun']]);

export async function moneySnapshot(app: AppOnFakeDesktop): Promise<MoneySnapshot> {
  const { settings } = await new SettingsStore({ dir: app.userDataDir }).load();
  const keychain = new Map<string, string>();
  for (const profile of settings.profiles) keychain.set(profile.id, JSON.stringify(await app.store.get(profile.id)));
  const mode = (await app.service.services.state.view()).mode;
  return {
    presets: new Map(settings.presets.map((p) => [String(p['id']), presetKey(p)])),
    livePresets: mode === 'account' ? new Map(app.service.services.presets.list().map((p) => [p.id, presetKey({ ...p })])) : null,
    profiles: new Map(settings.profiles.map((p) => [p.id, p.baseUrl])),
    keychain,
    notificationsEnabled: settings.notificationsEnabled,
    dailyLimitSun: BigInt(settings.dailyLimitSun),
    lowBalanceThresholdSun: BigInt(settings.lowBalanceThresholdSun),
    largeOrderSun: BigInt(settings.largeOrderSun),
    largeOrderPercent: settings.largeOrderPercent,
    rules: new Map(
      settings.rules.map((r) => [
        String(r['id']),
        {
          address: String(r['address']),
          capSun: BigInt(String(r['dailyCapSun'])),
          orders: Number(r['maxOrdersPerDay']),
          enabled: r['enabled'] === true,
          ceiling: typeof r['maxSunPerEnergy'] === 'string' ? BigInt(r['maxSunPerEnergy']) : null,
        },
      ]),
    ),
    autoTopUpPaused: settings.autoTopUpPaused,
    pollingPaused: (await app.service.services.state.view()).polling.paused,
    assistant: new Map(
      (settings.assistantAllowances ?? []).map((a) => [
        String(a['profileId']),
        { dailySun: BigInt(String(a['dailySun'])), perOrderSun: BigInt(String(a['perOrderSun'])), watchedOnly: a['watchedOnly'] === true, addresses: (a['addresses'] as string[]) ?? [] },
      ]),
    ),
  };
}

function mapChanges(what: string, before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [id, value] of after) {
    if (!before.has(id)) changes.push(`${what} ${id} added`);
    else if (before.get(id) !== value) changes.push(`${what} ${id} changed`);
  }
  return changes;
}

/**
 * The changes that needed an approval: a preset added or changed in what,
 * where or how much; a profile added or repointed; credentials replaced or
 * removed; notifications off; the limit raised; the warning lowered; an
 * auto top-up rule added, moved, its caps or price ceiling raised (or the
 * ceiling removed: back to the burn price) or turned on; auto top-ups resumed;
 * polling paused;
 * the assistant allowance created, raised or widened (issue 27).
 * Deleting a preset, lowering a limit or turning notifications on asks nothing.
 */
export function riskyChanges(before: MoneySnapshot, after: MoneySnapshot): string[] {
  const changes = [...mapChanges('preset', before.presets, after.presets), ...mapChanges('profile', before.profiles, after.profiles)];
  if (before.livePresets && after.livePresets) changes.push(...mapChanges('live preset', before.livePresets, after.livePresets));
  for (const [id, credentials] of before.keychain) {
    if (after.keychain.get(id) !== credentials) changes.push(`credentials of ${id} replaced or removed`);
  }
  if (before.notificationsEnabled && !after.notificationsEnabled) changes.push('notifications turned off');
  if (after.dailyLimitSun > before.dailyLimitSun) changes.push('daily limit raised');
  if (after.lowBalanceThresholdSun < before.lowBalanceThresholdSun) changes.push('low-balance warning lowered');
  if (after.largeOrderSun > before.largeOrderSun || after.largeOrderPercent > before.largeOrderPercent) changes.push('large-order warning raised');
  for (const [id, rule] of after.rules) {
    const was = before.rules.get(id);
    if (!was) changes.push(`auto top-up ${id} added`);
    else if (
      was.address !== rule.address ||
      rule.capSun > was.capSun ||
      rule.orders > was.orders ||
      (rule.enabled && !was.enabled) ||
      (was.ceiling !== null && (rule.ceiling === null || rule.ceiling > was.ceiling))
    ) {
      changes.push(`auto top-up ${id} allowed to spend more`);
    }
  }
  if (before.autoTopUpPaused && !after.autoTopUpPaused) changes.push('auto top-ups resumed');
  if (!before.pollingPaused && after.pollingPaused) changes.push('polling paused');
  for (const [profileId, allowance] of after.assistant) {
    const was = before.assistant.get(profileId);
    if (!was) changes.push(`assistant allowance of ${profileId} created`);
    else if (
      allowance.dailySun > was.dailySun ||
      allowance.perOrderSun > was.perOrderSun ||
      allowance.watchedOnly !== was.watchedOnly ||
      allowance.addresses.some((a) => !was.addresses.includes(a))
    ) {
      changes.push(`assistant allowance of ${profileId} raised or widened`);
    }
  }
  return changes;
}
