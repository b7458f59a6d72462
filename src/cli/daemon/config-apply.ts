import { randomUUID } from 'node:crypto';
import { riskySettingsChanges } from '../../core/app/approvals/change-approvals.ts';
import { DEFAULT_NODE_URL } from '../../core/chain/node-url.ts';
import { parseStoredRules } from '../../core/rules/rule.ts';
import { ruleApprovalChanges } from '../../core/rules/rule-approval.ts';
import type { Profile } from '../../core/settings/settings-schema.ts';
import type { SettingsStore } from '../../core/settings/settings-store.ts';
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
 * Issue 25 moves wallets and rules into the order store: this is the one
 * place the daemon writes them.
 */
export async function applyDaemonFile(store: SettingsStore, file: DaemonFile, now: number): Promise<Applied> {
  let applied: Applied | null = null;
  await store.update((s) => {
    const existing = s.profiles.find((p) => p.name.toLowerCase() === file.profile.name.trim().toLowerCase());
    const id = existing?.id ?? randomUUID();
    const before = {
      wallets: parseStoredWallets(s.wallets).items.filter((w) => w.profileId === id),
      rules: parseStoredRules(s.rules).items.filter((r) => r.profileId === id),
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
    return {
      ...s,
      ...patch,
      profiles: existing ? s.profiles.map((p) => (p.id === id ? profile : p)) : [...s.profiles, profile],
      activeProfileId: id,
      demo: false,
      nodeUrl: plan.nodeUrl === null ? s.nodeUrl : plan.nodeUrl === DEFAULT_NODE_URL ? null : plan.nodeUrl,
      wallets: [...parseStoredWallets(s.wallets).items.filter((w) => w.profileId !== id), ...plan.wallets].map((w) => ({ ...w })),
      rules: [...parseStoredRules(s.rules).items.filter((r) => r.profileId !== id), ...plan.rules].map((r) => ({ ...r })),
    };
  });
  return applied as unknown as Applied;
}
