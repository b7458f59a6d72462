import { msg } from '../../../src/shared/i18n/message.ts';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { approvalDialogText, type ApprovalRequest } from '../../../src/core/app/ports.ts';
import { Notifications } from '../../../src/core/app/notify/notifications.ts';
import { AppError } from '../../../src/core/app/app-error.ts';
import { dispatch } from '../../../src/core/ipc/dispatch.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { startSimulator } from '../../../src/core/simulator/index.ts';
import { startNodeSimulator } from '../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import type { Language } from '../../../src/shared/i18n/languages.ts';
import type { IpcResult } from '../../../src/shared/ipc.ts';
import { FakeApproval } from '../fake-approval.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../fake-desktop.ts';
import { spoofIn, trailingPieces } from './name-spoofing.ts';
import { oldRecord } from '../../core/orders/journal-helpers.ts';

/**
 * Money guard "names that cannot speak for the app" (issue 21). Two halves:
 * - input: a name holding a control or text-direction character, as a
 *   compromised dashboard sends it through the real IPC dispatch and handler
 *   table (a rule's rename, a wallet's label on add and on edit, a preset's
 *   name, a new profile's name), and as the CLI or daemon reach the core
 *   without the IPC schemas: every one must be refused;
 * - render: names an older version stored with such characters, put into the
 *   settings file by hand, then shown in main's approvals (a rule turned on,
 *   resume all, a preset run from the dashboard, removing and replacing a
 *   profile's key), notifications and the tray, in English, Chinese and
 *   Russian: each must be quoted, isolated and on one line.
 * `spoofable_names` counts the hostile names that got through anywhere.
 */

const USER = { apiKey: 'names-api-key-5d1e', secret: 'names-api-secret-8c2f04', trxSun: 1_000_000_000n, usdtMicros: 0n };
const WALLET = tronAddressFromSeed('money-guards-names');
const SECOND = tronAddressFromSeed('money-guards-names-second');
const SPARE = tronAddressFromSeed('money-guards-names-spare');

/** Every character a name may not hold. */
export const REFUSED_CODE_POINTS: readonly number[] = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x2028, 0x2029, 0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
];

/** Names an older version may have stored: the review's forged headline and its relatives. */
export const STORED_HOSTILE_NAMES: readonly string[] = [
  'P\u202E\nCap stays: 0.01 TRX',
  'Pay\u2066roll\r\nApprove: yes',
  'x\u200F\u2028Cost: 0.00 TRX',
  '\u0085Service: api.example.com\u001b[2J',
  'Shop\u2069\u202A\u200E\tAddress: TXYZ',
];

export interface NamesMeasurement {
  spoofable_names: number;
  inputsTried: number;
  /** Hostile inputs that were saved, each as "path: name". */
  accepted: string[];
  surfacesChecked: number;
  /** Surfaces where a stored name could speak for the app, each with why. */
  spoofed: string[];
  /** The same ways in with a plain name, last: how many took it (all 9, so a refusal above is the name's doing). */
  controlAccepted: number;
  /** The renderer's rule rename and wallet label with U+202E and a line feed, as main answered them. */
  rendererRename: IpcResult<unknown>;
  rendererLabel: IpcResult<unknown>;
  /** Main's approval of turning on the rule whose stored name is the review's forged headline (English). */
  storedRuleApproval: string;
}

const dialogText = (request: ApprovalRequest, language: Language): string => {
  const text = approvalDialogText(request, language);
  return `${text.message}\n${text.detail}`;
};

async function refusedByCore(run: () => Promise<unknown>): Promise<boolean> {
  try {
    const value = await run();
    return typeof value === 'object' && value !== null && 'saved' in value && value.saved === false;
  } catch (err) {
    return toIpcError(err).code === 'invalid_input';
  }
}

/** The set-up a person made, approved: an account, the node, two watched wallets, presets, two auto top-up rules (one off, one on; all paused). */
async function personalSetUp(app: AppOnFakeDesktop, baseUrl: string, nodeUrl: string): Promise<{ ruleId: string; walletId: string; presetId: string; profileId: string }> {
  app.approval.approveNext(4);
  await app.service.services.sessions.connect({ baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
  await app.service.services.node.setNodeUrl(nodeUrl);
  await app.service.services.wallets.add({ label: 'Payroll', address: WALLET, plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
  await app.service.services.wallets.add({ label: 'Shop', address: SECOND, plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
  await app.service.services.presets.addDefaults(WALLET);
  await app.service.services.rules.setPausedAll(true);
  const rule = { name: 'Payroll rule', address: WALLET, enabled: false, keepTransfers: 1, topUpTransfers: 1, option: 'timed' as const, period: '1h', dailyCapTrx: '5', maxOrdersPerDay: 1 };
  const saved = await app.service.services.rules.save(undefined, rule);
  if (!saved.saved || !(await app.service.services.rules.save(undefined, { ...rule, name: 'Shop rule', address: SECOND, enabled: true })).saved) throw new Error('the set-up rules were not saved');
  return {
    ruleId: saved.rules.rules[0]!.id,
    walletId: app.service.services.wallets.list().wallets[0]!.id,
    presetId: app.service.services.presets.list()[0]!.id,
    profileId: (await app.service.services.state.view()).activeProfileId!,
  };
}

/** Every way a name comes in, with a hostile name: through the IPC dispatch (the renderer) and straight into the core (the CLI, the daemon). */
async function tryInputs(app: AppOnFakeDesktop, ids: Awaited<ReturnType<typeof personalSetUp>>, baseUrl: string, name: string): Promise<{ tried: number; accepted: string[] }> {
  const rule = app.service.services.rules.list().rules.find((r) => r.id === ids.ruleId)!;
  const preset = app.service.services.presets.list()[0]!;
  const wallet = { plan: 'holder' as const, exactRecipient: null, topUpTransfers: 2 };
  const presetInput = { id: preset.id, name, kind: preset.kind, resource: preset.resource, period: preset.period, count: preset.count, address: preset.address, capSun: preset.capSun };
  const account = { baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret, name };
  const viaIpc: Array<[string, () => Promise<IpcResult<unknown>>]> = [
    ['ipc rule rename', () => dispatch(app.table, 'app:saveRule', { id: ids.ruleId, draft: { ...rule.draft, name } })],
    ['ipc wallet label (edit)', () => dispatch(app.table, 'app:updateWallet', { id: ids.walletId, wallet: { label: name, ...wallet } })],
    ['ipc wallet label (add)', () => dispatch(app.table, 'app:addWallet', { wallet: { label: name, address: SPARE, ...wallet } })],
    ['ipc preset name', () => dispatch(app.table, 'app:savePreset', { preset: presetInput })],
    ['ipc profile name', () => dispatch(app.table, 'app:connectAccount', account)],
  ];
  const viaCore: Array<[string, () => Promise<unknown>]> = [
    ['core rule rename', () => app.service.services.rules.save(ids.ruleId, { ...rule.draft, name })],
    ['core wallet label', () => app.service.services.wallets.update(ids.walletId, { label: name, ...wallet })],
    ['core preset name', () => app.service.services.presets.save(presetInput)],
    ['core profile name', () => app.service.services.sessions.connect(account)],
  ];
  const accepted: string[] = [];
  for (const [path, run] of viaIpc) {
    const result = await run();
    const saved = result.ok && !(typeof result.value === 'object' && result.value !== null && 'saved' in result.value && result.value.saved === false);
    if (saved || (!result.ok && result.error.code !== 'invalid_input')) accepted.push(`${path}: ${JSON.stringify(name)}`);
  }
  for (const [path, run] of viaCore) if (!(await refusedByCore(run))) accepted.push(`${path}: ${JSON.stringify(name)}`);
  return { tried: viaIpc.length + viaCore.length, accepted };
}

/** Stored names replaced by `name` (the settings file, as an older version wrote it, and the order stores), the first rule off, all paused, in `language`. */
function storeOldNames(userDataDir: string, name: string, language: Language): void {
  const file = join(userDataDir, 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Array<Record<string, unknown>>>;
  for (const [list, field] of [['rules', 'name'], ['wallets', 'label'], ['presets', 'name'], ['profiles', 'name']] as const) {
    for (const entry of settings[list] ?? []) entry[field] = name;
  }
  settings['rules']?.forEach((rule, i) => (rule['enabled'] = i > 0));
  writeFileSync(file, JSON.stringify({ ...settings, autoTopUpPaused: true, language }));
  // Wallets and rules live in each profile's order store (issue 25): the same names there, the first rule off.
  const profiles = join(userDataDir, 'profiles');
  for (const dir of existsSync(profiles) ? readdirSync(profiles) : []) {
    const path = join(profiles, dir, 'orders.sqlite');
    if (!existsSync(path)) continue;
    const db = new DatabaseSync(path);
    db.prepare(`UPDATE list_entries SET entry = json_set(entry, '$.name', ?) WHERE list = 'rules'`).run(name);
    db.prepare(`UPDATE list_entries SET entry = json_set(entry, '$.label', ?) WHERE list = 'wallets'`).run(name);
    const rules = db.prepare(`SELECT profile_id, id FROM list_entries WHERE list = 'rules' ORDER BY position`).all() as Array<{ profile_id: string; id: string }>;
    const enable = db.prepare(`UPDATE list_entries SET entry = json_set(entry, '$.enabled', json(?)) WHERE list = 'rules' AND profile_id = ? AND id = ?`);
    rules.forEach((r, i) => enable.run(i > 0 ? 'true' : 'false', r.profile_id, r.id));
    db.close();
  }
}

/** Main's words with a stored hostile name: approvals (answered no), notifications, the tray. */
async function renderSurfaces(app: AppOnFakeDesktop, ids: Awaited<ReturnType<typeof personalSetUp>>, baseUrl: string, name: string, language: Language): Promise<Array<{ where: string; text: string; quoted: boolean }>> {
  const before = app.approval.requests.length;
  await dispatch(app.table, 'app:setRuleEnabled', { id: ids.ruleId, enabled: true });
  await dispatch(app.table, 'app:setAutoTopUpsPaused', { paused: false });
  await dispatch(app.table, 'app:runPreset', { id: ids.presetId });
  await dispatch(app.table, 'app:removeCredentials', { profileId: ids.profileId });
  await dispatch(app.table, 'app:connectAccount', { profileId: ids.profileId, baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
  const surfaces = app.approval.requests.slice(before).map((r) => ({ where: `approval ${r.kind}`, text: dialogText(r, language), quoted: true }));
  if (surfaces.length !== 5) throw new Error(`expected five approvals, main asked ${surfaces.length}`);

  const shown: Array<{ title: string; body: string }> = [];
  const notifications = new Notifications({ show: (n) => shown.push(n) }, () => language);
  notifications.nameRulesWith(() => name);
  const used = msg('decisions:dailyLimitUsed');
  notifications.ruleDecision(name, { kind: 'refuse', text: used, detail: 'Not bought: the daily spending limit is used up today.', orderLocalId: null });
  notifications.ruleDecision(name, { kind: 'stopped', text: msg('decisions:unknownOutcome', { order: 'o1' }), detail: 'Stopped.', orderLocalId: 'o1' });
  notifications.orderFinished(oldRecord({ localId: 'o1', address: WALLET, count: 65_000, ruleId: ids.ruleId, state: 'succeeded' }));
  notifications.presetNotBought(name, new AppError('refused', msg('errors:app.presetBusy', { name: { name } })));
  notifications.walletTopUpNotBought(name, new AppError('refused', msg('errors:app.topUpBusy', { name: { name } })));
  surfaces.push(...shown.map((n, i) => ({ where: `notification ${i + 1}`, text: `${n.title}\n${n.body}`, quoted: true })));

  const tray = app.service.trayModel();
  const labels = tray.menu.flatMap((i) => (i.type === 'separator' ? [] : i.type === 'submenu' ? [i.label, ...i.items.flatMap((s) => (s.type === 'separator' ? [] : [s.label]))] : [i.label]));
  surfaces.push({ where: 'tray', text: [tray.tooltip, ...labels].join('\n'), quoted: false });
  return surfaces;
}

/** The tray shows a name on one line without quote marks: nothing the name holds may break a line or turn text. */
function trayProblem(text: string, name: string): string | null {
  // eslint-disable-next-line no-control-regex -- the point is to find them
  if (/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(text)) return 'a control or direction character in the tray';
  const lines = text.split('\n');
  return trailingPieces(name).some((piece) => lines.some((l) => l.trimStart().startsWith(piece))) ? 'a piece of the name starts a tray line' : null;
}

export async function measureSpoofableNames(): Promise<NamesMeasurement> {
  const sim = await startSimulator({ users: [USER] });
  const wallets = [WALLET, SECOND, SPARE].map((address) => ({ address, trxSun: 1_000_000n }));
  const node = await startNodeSimulator({ spending: null, wallets });
  const approval = new FakeApproval(false);
  let app = await startAppOnFakeDesktop({ approval, timeoutMs: 3_000 });
  try {
    const ids = await personalSetUp(app, sim.baseUrl, node.baseUrl);
    const hostile = [...REFUSED_CODE_POINTS.map((c) => `Pay${String.fromCodePoint(c)}roll`), ...STORED_HOSTILE_NAMES];
    const accepted: string[] = [];
    let inputsTried = 0;
    for (const name of hostile) {
      const tries = await tryInputs(app, ids, sim.baseUrl, name);
      inputsTried += tries.tried;
      accepted.push(...tries.accepted);
    }
    const rendererRename = await dispatch(app.table, 'app:saveRule', { id: ids.ruleId, draft: { ...app.service.services.rules.list().rules.find((r) => r.id === ids.ruleId)!.draft, name: 'Payroll\u202E\nCap stays: 0.01 TRX' } });
    const rendererLabel = await dispatch(app.table, 'app:updateWallet', { id: ids.walletId, wallet: { label: 'Pay\u202Eroll\nTop up: off', plan: 'holder', exactRecipient: null, topUpTransfers: 2 } });
    const controlAccepted = (await tryInputs(app, ids, sim.baseUrl, 'Payroll 2')).accepted.length;

    const spoofed: string[] = [];
    let surfacesChecked = 0;
    let storedRuleApproval = '';
    const { userDataDir, store } = app;
    const spoofedNames = new Set<string>(accepted.map((a) => a.slice(a.indexOf(': ') + 2)));
    for (const [i, name] of STORED_HOSTILE_NAMES.entries()) {
      const language = (['en', 'zh-CN', 'ru'] as const)[i % 3]!;
      await app.service.stop();
      storeOldNames(userDataDir, name, language);
      app = await startAppOnFakeDesktop({ approval, userDataDir, credentialStore: store, timeoutMs: 3_000 });
      for (const surface of await renderSurfaces(app, ids, sim.baseUrl, name, language)) {
        surfacesChecked += 1;
        if (surface.where === 'approval auto_top_up' && i === 0) storedRuleApproval = surface.text;
        const problem = surface.quoted ? spoofIn(surface.text, name) : trayProblem(surface.text, name);
        if (problem !== null) {
          spoofed.push(`${surface.where} (${language}) ${JSON.stringify(name)}: ${problem}`);
          spoofedNames.add(JSON.stringify(name));
        }
      }
    }
    return { spoofable_names: spoofedNames.size, inputsTried, accepted, controlAccepted, surfacesChecked, spoofed, rendererRename, rendererLabel, storedRuleApproval };
  } finally {
    await app.service.stop();
    await sim.close();
    await node.close();
  }
}
