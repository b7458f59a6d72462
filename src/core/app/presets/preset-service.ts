import { msg, sunPair } from '../../../shared/i18n/message.ts';
import type { OrderView, PresetInput, PresetView } from '../../../shared/ipc.ts';
import { cleanAddress } from '../../../shared/order-rules.ts';
import { nameProblem, nameProblemText } from '../../../shared/user-names.ts';
import { validateAddress, validateFastRecover, validateTimedOrder } from '../../api/validation.ts';
import { KeyedQueue } from '../../base/keyed-queue.ts';
import type { SubmitOutcome } from '../../orders/submit-paid-order.ts';
import { defaultPresets, parseStoredPresets, presetSchema, PRESET_PERIOD_PROBLEM, type Preset } from '../../presets/preset.ts';
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
import { toPresetView } from '../orders/to-views.ts';
import { DEMO_WALLET_ADDRESSES } from '../../simulator/node/demo-chain.ts';
import type { TrayPresenter } from '../tray/tray-presenter.ts';

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
  /** Set once the tray presenter exists (it reads the presets this service keeps). */
  tray(): TrayPresenter;
}

/**
 * The one-click top-ups of the current mode: editing them (saved in the
 * settings file for an account, in memory only for the demo), and running one
 * with a lock, so a double click in the tray or the dashboard cannot buy twice.
 * A new preset, or a change to what one buys, for which address or up to
 * which cap, needs a main-drawn approval: a tray click then spends it
 * without asking again.
 */
export class PresetService {
  private readonly deps: PresetServiceDeps;
  /** The account's presets (settings file). */
  private accountPresets: Preset[] = [];
  /** Demo mode's presets live only as long as the demo: they must never buy on a real account. */
  private demoPresets: Preset[] = [];
  /** One change at a time, each computed from the list as the previous one left it: overlapping edits never drop one another. */
  private readonly writes = new KeyedQueue();
  private readonly busy = new Set<string>();

  constructor(deps: PresetServiceDeps) {
    this.deps = deps;
    deps.settings.events.on('loaded', (settings) => {
      const { presets, dropped } = parseStoredPresets(settings.presets);
      this.accountPresets = presets;
      if (dropped > 0) deps.notices.push(noticeText.presetsDropped(dropped));
    });
    deps.sessions.events.on('opened', ({ session }) => {
      // So the demo's one-click top-ups work at once: defaults for a demo address, in memory only.
      if (session.demo) this.demoPresets = defaultPresets(DEMO_ADDRESS, deps.newId);
    });
  }

  /** The presets of the current mode. */
  current(): Preset[] {
    return this.deps.sessions.current()?.demo ? this.demoPresets : this.accountPresets;
  }

  list(): PresetView[] {
    return this.current().map((p) => toPresetView(p, this.busy.has(p.id)));
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
    await this.mutate((current) =>
      current.some((p) => p.id === preset.id) ? current.map((p) => (p.id === preset.id ? preset : p)) : [...current, preset],
    );
    this.deps.tray().forgetQuote(preset.id);
    void this.deps.tray().refreshQuotes(true);
    return this.list();
  }

  async addDefaults(address: string): Promise<PresetView[]> {
    const clean = cleanAddress(address);
    validateAddress(clean, 'local');
    const added = defaultPresets(clean, this.deps.newId);
    await this.deps.approvals.require(defaultPresetsApproval(added, clean, this.host(), this.demo(), this.deps.approvals.language()));
    await this.mutate((current) => [...current, ...added]);
    void this.deps.tray().refreshQuotes(true);
    return this.list();
  }

  async delete(id: string): Promise<PresetView[]> {
    await this.mutate((current) => current.filter((p) => p.id !== id));
    this.deps.tray().forgetQuote(id);
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

  /** Pushes the list to the dashboard and the tray. */
  publish(): void {
    this.deps.events.emit('app:presets', this.list());
    this.deps.tray().render();
  }

  private mutate(change: (current: Preset[]) => Preset[]): Promise<void> {
    return this.writes.run('presets', async () => {
      if (this.deps.sessions.current()?.demo) {
        this.demoPresets = change(this.demoPresets);
      } else {
        let next: Preset[] = [];
        await this.deps.settings.update((s) => {
          next = change(parseStoredPresets(s.presets).presets);
          return { ...s, presets: next.map((p) => ({ ...p })) };
        });
        this.accountPresets = next;
      }
      this.publish();
    });
  }
}
