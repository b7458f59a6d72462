import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyDaemonFile } from '../../src/cli/daemon/config-apply.ts';
import { checkDaemonFile } from '../../src/cli/daemon/config-file.ts';
import { storedListOf } from '../../src/core/orders/stored-lists.ts';
import { parseStoredRules } from '../../src/core/rules/rule.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { profileDataDir } from '../../src/core/settings/user-data-dir.ts';
import { parseStoredWallets } from '../../src/core/wallets/watched-wallet.ts';
import { ADDRESS } from './run-cli.ts';

const T0 = 1_760_000_000_000;

const file = (cap: string): string => `[profile]
name = "Server"
base_url = "https://api.example.com/v2"

[[wallets]]
label = "Payroll"
address = "${ADDRESS}"

[[rules]]
name = "Keep payroll going"
wallet = "Payroll"
keep_transfers = 1
top_up_transfers = 2
daily_cap_trx = "${cap}"
`;

describe("the daemon's configuration file writes wallets and rules to the profile's order store (issue 25)", () => {
  it('keeps one wallet and one rule, the rule its id, however often the file is applied; the settings file holds neither', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-apply-'));
    const settings = new SettingsStore({ dir });
    const first = await applyDaemonFile(settings, checkDaemonFile(file('20'), 'daemon.toml'), T0);
    const lists = async () => {
      const { settings: s } = await settings.load();
      const at = profileDataDir(dir, first.profile.id);
      return {
        s,
        wallets: storedListOf(at, first.profile.id, 'wallets', s.wallets, parseStoredWallets),
        rules: storedListOf(at, first.profile.id, 'rules', s.rules, parseStoredRules),
      };
    };
    const once = await lists();
    expect(once.wallets).toMatchObject([{ label: 'Payroll', address: ADDRESS }]);
    expect(once.rules).toMatchObject([{ name: 'Keep payroll going', dailyCapSun: '20000000' }]);
    expect(once.s.wallets).toEqual([]);
    expect(once.s.rules).toEqual([]);
    const again = await applyDaemonFile(settings, checkDaemonFile(file('25'), 'daemon.toml'), T0 + 1);
    expect(again.profile.id).toBe(first.profile.id);
    // The raise is named in the approval's words for the log; nothing is added twice.
    expect(again.raised.join(' ')).toMatch(/25\.00 TRX/);
    const twice = await lists();
    expect(twice.wallets).toHaveLength(1);
    expect(twice.rules).toEqual([{ ...once.rules[0], dailyCapSun: '25000000' }]);
  });

  it('sets the node budget the wallet reads plan by from [node] daily_request_budget; a file without it keeps the one saved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-apply-'));
    const settings = new SettingsStore({ dir });
    const withBudget = file('20').replace('[[wallets]]', '[node]\ndaily_request_budget = 250000\n\n[[wallets]]');
    await applyDaemonFile(settings, checkDaemonFile(withBudget, 'daemon.toml'), T0);
    expect((await settings.load()).settings.nodeDailyBudget).toBe(250_000);
    await applyDaemonFile(settings, checkDaemonFile(file('20'), 'daemon.toml'), T0 + 1);
    expect((await settings.load()).settings.nodeDailyBudget).toBe(250_000);
    // The Settings field's bounds: below them the file is refused with its line, and nothing is applied.
    const tooLow = file('20').replace('[[wallets]]', '[node]\ndaily_request_budget = 1999\n\n[[wallets]]');
    expect(() => checkDaemonFile(tooLow, 'daemon.toml')).toThrow(/daemon\.toml:\d+: node\.daily_request_budget/);
  });
});
