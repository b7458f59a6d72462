// app/presets: the one-click preset buys of each profile.
import { msg, sunPair } from '../../../shared/i18n/message.ts';
import type { OrderView, PresetInput, PresetView } from '../../../shared/ipc.ts';
import { cleanAddress } from '../../../shared/order-rules.ts';
import { nameProblem, nameProblemText } from '../../../shared/user-names.ts';
import { validateAddress, validateFastRecover, validateTimedOrder } from '../../api/validation.ts';
import { TypedEmitter } from '../../base/typed-emitter.ts';
import type { SubmitOutcome } from '../../orders/paid-order.ts';
import {
  defaultPresets,
  parseStoredPresets,
  presetSchema,
  PRESET_PERIOD_PROBLEM,
  UNOWNED_PRESETS,
  type Preset,
  type StoredPreset,
} from '../../presets/preset.ts';
import { presetIntent, quotePreset } from '../../presets/preset-order.ts';
import { AppError } from '../app-error.ts';
import { defaultPresetsApproval, presetApproval } from '../approvals/approval-requests.ts';
import type { Approvals } from '../approvals/approvals.ts';
import { noticeText, type Notices } from '../notify/notices.ts';
import type { Notifications } from '../notify/notifications.ts';
import type { OrderCommands, PaidOrigin } from '../orders/order-commands.ts';
import type { EventSink } from '../ports.ts';
import type { Session } from '../session/session.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { SettingsService } from '../session/settings-service.ts';
import { DEMO_PROFILE_ID, ProfileList, settingsListStore, type ProfileListStore } from '../session/profile-list.ts';
import { DEMO_WALLET_ADDRESSES } from '../../simulator/node/demo-chain.ts';

/** What a preset spends: what it buys, for which address, up to which cap (its name is not money). */
const spends = (p: Preset): string => JSON.stringify([p.kind, p.resource, p.period, p.count, p.address, p.capSun]);

/**
 * The demo's default presets buy for the demo's Payroll wallet, the one it
 * suggests watching first: running one tops up the wallet the person watches.
 */
export const DEMO_ADDRESS: string = DEMO_WALLET_ADDRESSES.payroll;

export interface PresetServiceDeps {
  sessions: SessionManager;
  settings: SettingsService;
  notices: Notices;
  notifications: Notifications;
  commands: OrderCommands;
  approvals: Approvals;
  events: EventSink;
  newId: () => string;
  /** Where the accounts' presets are kept: the settings file unless given. */
  store?: ProfileListStore<StoredPreset>;
}

/** A change to the presets, as announced: `stale`, the presets whose quote no longer holds; `requote`, quote them all again now. */
export interface PresetChange {
  stale: string[];
  requote: boolean;
}

/**
 * The one-click presets of the live profile, a per-profile list
 * (profile-list.ts, ADR 0022): editing them (saved in the settings file for
 * an account, in memory only for the demo, which starts with defaults for its
 * Payroll wallet), and running one
 * with a lock, so a double click in the tray or the dashboard cannot buy twice.
 * A new preset, or a change to what one buys, for which address or up to
 * which cap, needs a main-drawn approval: a tray click then spends it
 * without asking again.
 */
export class PresetService {
  private readonly deps: PresetServiceDeps;
  /** Each profile's presets; the demo's live only as long as the demo: they must never buy on a real account. */
  private readonly presets: ProfileList<StoredPreset>;
  private readonly busy = new Set<string>();
  /** Every change (an edit, a preset busy or free again); the tray presenter redraws and requotes on it. */
  readonly events = new TypedEmitter<{ changed: PresetChange }>();

  constructor(deps: PresetServiceDeps) {
    this.deps = deps;
    this.presets = new ProfileList({
      sessions: deps.sessions,
      store: deps.store ?? settingsListStore(deps.settings, 'presets', parseStoredPresets),
      onDropped: (dropped) => deps.notices.push(noticeText.presetsDropped(dropped)),
      // So the demo's one-click buys work at once: defaults for a demo address, in memory only.
      demoStart: () => defaultPresets(DEMO_ADDRESS, deps.newId).map((p) => ({ ...p, profileId: DEMO_PROFILE_ID })),
    });
    deps.sessions.events.on('opened', ({ session }) => {
      if (session.demo) return;
      // Presets kept from before they were per profile, with no profile then: the first account opened takes them.
      void this.presets.adopt(UNOWNED_PRESETS).then(
        () => this.publish(),
        () => undefined, // not written (a full disk): they stay unowned, and the next account opened tries again
      );
    });
  }

  /** The presets of the live profile. */
  current(): Preset[] {
    return this.presets.current();
  }

  list(): PresetView[] {
    return this.presets.current().map(({ profileId: _owner, ...p }) => ({ ...p, busy: this.busy.has(p.id) }));
  }

  async save(input: PresetInput): Promise<PresetView[]> {
    const named = nameProblem(input.name, 'preset');
    if (named) throw new AppError('invalid_request', nameProblemText(named, 'preset'));
    const candidate = { ...input, id: input.id ?? this.deps.newId(), name: input.name.trim(), address: cleanAddress(input.address) };
    const parsed = presetSchema.safeParse(candidate);
    if (!parsed.success) {
      const period = parsed.error.issues[0]?.message === PRESET_PERIOD_PROBLEM;
      const problem = msg(period ? PRESET_PERIOD_PROBLEM : 'errors:app.presetFields');
      throw new AppError('invalid_request', msg('errors:app.invalidPreset', { problem }));
    }
    const preset = parsed.data;
    if (preset.kind === 'timed')
      validateTimedOrder(preset.resource, { address: preset.address, count: preset.count, period: preset.period ?? '' }, 'local');
    else validateFastRecover({ address: preset.address, count: preset.count, resourceType: preset.resource }, 'local');
    const before = this.current().find((p) => p.id === preset.id);
    if (!before || spends(before) !== spends(preset))
      await this.deps.approvals.require(presetApproval(before, preset, this.host(), this.demo(), this.deps.approvals.language()));
    await this.mutate(
      (current, owned) =>
        current.some((p) => p.id === preset.id)
          ? current.map((p) => (p.id === preset.id ? owned(preset) : p))
          : [...current, owned(preset)],
      { stale: [preset.id], requote: true },
    );
    return this.list();
  }

  async addDefaults(address: string): Promise<PresetView[]> {
    const clean = cleanAddress(address);
    validateAddress(clean, 'local');
    const added = defaultPresets(clean, this.deps.newId);
    await this.deps.approvals.require(defaultPresetsApproval(added, clean, this.host(), this.demo(), this.deps.approvals.language()));
    await this.mutate((current, owned) => [...current, ...added.map(owned)], { stale: [], requote: true });
    return this.list();
  }

  async delete(id: string): Promise<PresetView[]> {
    await this.mutate((current) => current.filter((p) => p.id !== id), { stale: [id], requote: false });
    return this.list();
  }

  async reorder(ids: string[]): Promise<PresetView[]> {
    await this.mutate((current) => {
      const byId = new Map(current.map((p) => [p.id, p]));
      if (ids.length !== byId.size || !ids.every((id) => byId.has(id)) || new Set(ids).size !== ids.length) {
        throw new AppError('invalid_request', msg('errors:app.presetOrder'));
      }
      return ids.map((id) => byId.get(id)!);
    });
    return this.list();
  }

  /**
   * Runs a preset: locked while it is being submitted. From the tray it is
   * one click (a gesture in main's own menu, within the preset's approved
   * cap); from the dashboard main asks first. A refusal (over the cap, not
   * enough balance, the daily limit) is also notified, because a tray click
   * has no window; a declined approval is not (the person just said no).
   */
  async run(id: string, via: 'dashboard' | 'tray'): Promise<OrderView> {
    const session = this.deps.sessions.require();
    const preset = this.current().find((p) => p.id === id);
    if (!preset) throw new AppError('not_found', msg('errors:app.presetGone'));
    if (this.busy.has(id)) throw new AppError('refused', msg('errors:app.presetBusy', { name: { name: preset.name } }));
    this.busy.add(id);
    this.publish();
    let outcome: SubmitOutcome;
    try {
      outcome = await this.buy(session, preset, via === 'tray' ? { via } : { via, presetName: preset.name });
    } catch (err) {
      // Nothing was sent: say why, also as a notification (a tray click has no window).
      if (!(err instanceof AppError && err.kind === 'not_approved')) this.deps.notifications.presetNotBought(preset.name, err);
      throw err;
    } finally {
      this.busy.delete(id);
      this.publish();
    }
    // Sent: the scheduler tracks it and notifies its end (also a failure or an unknown outcome).
    return this.deps.commands.settle(session, outcome);
  }

  /**
   * One click: quote → refuse over the cap or the balance → the paid path
   * (daily limit, approval when asked from the dashboard, buy once). Errors
   * thrown here happened before anything was sent (the client checks the
   * order before its intent is journaled); a failure of the paid call itself
   * comes back in SubmitOutcome.cause with the journaled record.
   */
  private async buy(session: Session, preset: Preset, origin: PaidOrigin): Promise<SubmitOutcome> {
    const { api } = session;
    const capSun = BigInt(preset.capSun);
    const quotedSun = await quotePreset(api, preset);
    const name = { name: preset.name };
    if (quotedSun > capSun) {
      const [quote, cap] = sunPair(quotedSun, capSun);
      throw new AppError('refused', msg('errors:app.presetOverCap', { name, quote, cap }));
    }
    const balance = (await api.userInfo()).data.trxSun;
    if (quotedSun > balance) {
      const [cost, left] = sunPair(quotedSun, balance);
      throw new AppError('refused', msg('errors:app.presetOverBalance', { name, cost, balance: left }));
    }
    return this.deps.commands.place(session, presetIntent(preset, session.profileId, quotedSun), origin);
  }

  private host(): string | null {
    return this.deps.sessions.current()?.host ?? null;
  }

  private demo(): boolean {
    return this.deps.sessions.current()?.demo ?? false;
  }

  /** Pushes the list to the dashboard and announces the change (the tray follows). */
  publish(change: PresetChange = { stale: [], requote: false }): void {
    this.deps.events.emit('app:presets', this.list());
    this.events.emit('changed', change);
  }

  /** Changes the live profile's list (`owned` gives a preset its owner) and announces it. */
  private async mutate(
    change: (current: StoredPreset[], owned: (preset: Preset) => StoredPreset) => StoredPreset[],
    announce?: PresetChange,
  ): Promise<void> {
    await this.presets.change((current) =>
      change(current, (preset) => ({ ...preset, profileId: this.presets.profileId() ?? UNOWNED_PRESETS })),
    );
    this.publish(announce);
  }
}
