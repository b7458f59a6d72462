import { randomUUID } from 'node:crypto';
import { riskySettingsChanges } from '../../core/app/approvals/change-approvals.ts';
import { DEFAULT_NODE_URL } from '../../core/chain/node-url.ts';
import { parseStoredRules } from '../../core/rules/rule.ts';
import { ruleApprovalChanges } from '../../core/rules/rule-approval.ts';
import type { Profile } from '../../core/settings/settings-schema.ts';
import type { SettingsStore } from '../../core/settings/settings-store.ts';
import { profileDataDir } from '../../core/settings/user-data-dir.ts';
import { replaceStoredLists, storedListOf } from '../../core/orders/stored-lists.ts';
import { parseStoredWallets } from '../../core/wallets/watched-wallet.ts';
import type { SettingsPatch } from '../../shared/views.ts';
import { cliLanguage } from '../i18n.ts';
import { ConfigFileError } from './config-file.ts';
import { planProfile, type ProfilePlan } from './config-plan.ts';
import type { DaemonFile } from './config-schema.ts';

export interface Applied {
  profile: Profile;
  /** What the file lets Energy Tray spend beyond what was saved, in the words of the app's approvals (for the log). */
  raised: string[];
}

/** The settings' limits as the file sets them; absent keys keep what is saved. */
function limitsPatch(plan: ProfilePlan): SettingsPatch {
  return {
    ...(plan.dailyLimitSun === null ? {} : { dailyLimitSun: plan.dailyLimitSun.toString() }),
    ...(plan.lowBalanceSun === null ? {} : { lowBalanceThresholdSun: plan.lowBalanceSun.toString() }),
    ...(plan.pollIntervalSeconds === null ? {} : { pollIntervalSeconds: plan.pollIntervalSeconds }),
  };
}

/**
 * Makes the settings file say what the daemon's file says, for its profile:
 * the profile (found by name, else created without credentials: they come
 * from the environment, systemd or the keychain), its address, the node,
 * the limits, the watched wallets and the rules (a rule keeps its id,
 * creation and acknowledgements by name). The file is the authority: its
 * owner set these, and the daemon refuses a file anyone else can write.
 * The wallets and rules are kept in the profile's order store (issue 25),
 * written after the settings file: a failure between the two is retried by
 * the next start, which applies the file again.
 */
export async function applyDaemonFile(store: SettingsStore, file: DaemonFile, now: number): Promise<Applied> {
  let applied: Applied | null = null;
  let lists: Pick<ProfilePlan, 'wallets' | 'rules'> | null = null;
  const { settings: saved } = await store.load();
  const named = (profiles: readonly Profile[]): Profile | undefined =>
    profiles.find((p) => p.name.toLowerCase() === file.profile.name.trim().toLowerCase());
  const id = named(saved.profiles)?.id ?? randomUUID();
  const dir = profileDataDir(store.dir, id);
  await store.update((s) => {
    const existing = s.profiles.find((p) => p.id === id);
    const before = {
      wallets: storedListOf(dir, id, 'wallets', s.wallets, parseStoredWallets),
      rules: storedListOf(dir, id, 'rules', s.rules, parseStoredRules),
    };
    const { plan, problems } = planProfile(file, { profileId: id, now, newId: randomUUID, before });
    if (problems.length > 0) throw new ConfigFileError(problems.map((p) => p.message));
    const profile: Profile = existing
      ? { ...existing, name: plan.name, baseUrl: plan.baseUrl }
      : { id, name: plan.name, baseUrl: plan.baseUrl, keyHint: null, lastVerifiedAt: null };
    const patch = limitsPatch(plan);
    const language = cliLanguage();
    const raised = [
      ...riskySettingsChanges(s, patch, language).map((c) => c.change),
      ...plan.rules.flatMap((rule) =>
        ruleApprovalChanges(before.rules.find((b) => b.id === rule.id), rule, language).map((c) => `${c.title} ${c.change}`),
      ),
    ];
    applied = { profile, raised };
    lists = { wallets: plan.wallets, rules: plan.rules };
    return {
      ...s,
      ...patch,
      profiles: existing ? s.profiles.map((p) => (p.id === id ? profile : p)) : [...s.profiles, profile],
      activeProfileId: id,
      demo: false,
      nodeUrl: plan.nodeUrl === null ? s.nodeUrl : plan.nodeUrl === DEFAULT_NODE_URL ? null : plan.nodeUrl,
      // The wallet reads plan the day by it, as by the Settings field; a file without it leaves the one in force.
      nodeDailyBudget: plan.nodeDailyBudget ?? s.nodeDailyBudget,
      // This profile's entries of an earlier version's file are replaced by the store's below.
      wallets: s.wallets.filter((w) => w['profileId'] !== id),
      rules: s.rules.filter((r) => r['profileId'] !== id),
    };
  });
  if (lists !== null) replaceStoredLists(dir, id, lists, now);
  return applied as unknown as Applied;
}
