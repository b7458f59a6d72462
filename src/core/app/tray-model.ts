import { formatAge, formatCount, formatTrx, formatUnits, shortenAddress } from '../../shared/format.ts';
import type { AppMode, OrderView, PresetView } from '../../shared/views.ts';

/**
 * The tray as data: a pure function of app state, so the menu, tooltip and
 * icon are tested in Node and the Electron glue only renders what it is given.
 */

export type TrayIconState = 'normal' | 'low' | 'offline' | 'busy';

export type TrayAction =
  | { kind: 'runPreset'; presetId: string }
  | { kind: 'topUpWallet'; walletId: string }
  | { kind: 'openOrder'; localId: string }
  | { kind: 'refresh' }
  | { kind: 'openDashboard' }
  | { kind: 'openSettings' }
  | { kind: 'togglePause' }
  | { kind: 'pauseAutoTopUps' }
  | { kind: 'resumeAutoTopUps' }
  | { kind: 'quit' };

export type TrayMenuItem =
  | { type: 'separator' }
  | { type: 'item'; label: string; enabled: boolean; action?: TrayAction }
  | { type: 'checkbox'; label: string; checked: boolean; action: TrayAction }
  | { type: 'submenu'; label: string; enabled: boolean; items: TrayMenuItem[] };

export interface TrayModel {
  icon: TrayIconState;
  tooltip: string;
  /** macOS menu-bar title (only macOS shows it). */
  title: string;
  menu: TrayMenuItem[];
}

/** A watched wallet as the tray shows it. */
export interface TrayWallet {
  id: string;
  label: string;
  /** null until the node has answered. */
  availableEnergy: bigint | null;
  /** Planned transfers the energy pays for. */
  covered: bigint | null;
  /** Cannot pay for one planned transfer. */
  low: boolean;
  /** Offered when the wallet lacks energy for its top-up size; costSun null while not quoted. */
  topUp: { transfers: number; costSun: bigint | null } | null;
  busy: boolean;
}

/** An auto top-up rule as the tray shows it: "Payroll: Auto top-up on · 2 today · 6.50 / 20.00 TRX". */
export interface TrayRule {
  id: string;
  label: string;
  state: 'on' | 'off' | 'paused' | 'stopped';
}

export interface TrayInput {
  mode: AppMode;
  profileName: string | null;
  balance: { trxSun: bigint; usdtMicros: bigint; updatedAt: number } | null;
  lowBalanceThresholdSun: bigint;
  /** The last balance refresh failed (service down, offline). */
  offline: boolean;
  paused: boolean;
  presets: ReadonlyArray<PresetView>;
  /** Fresh quote per preset id (SUN), absent while unknown. */
  quotes: ReadonlyMap<string, bigint>;
  activeOrders: ReadonlyArray<OrderView>;
  wallets: ReadonlyArray<TrayWallet>;
  /** Auto top-up rules of the live profile (none: no section). */
  rules?: ReadonlyArray<TrayRule>;
  /** "Pause all auto top-ups" is on. */
  rulesPaused?: boolean;
  now: number;
  /** A balance older than this is shown as stale. */
  staleAfterMs: number;
}

const STATUS_TEXT: Record<OrderView['state'], string> = {
  submitting: 'submitting',
  running: 'in progress',
  succeeded: 'succeeded',
  failed: 'failed',
  stalled: 'stalled',
  outcome_unknown: 'outcome unknown',
};

export function presetLabel(preset: PresetView, quoteSun: bigint | undefined): string {
  const what = `${formatCount(preset.count)} ${preset.resource === 'net' ? 'bandwidth' : 'energy'}`;
  const how = preset.kind === 'timed' ? `${what} (${preset.period ?? ''})` : `${what} fast recover`;
  const cost = quoteSun === undefined ? '' : `  ≈ ${formatTrx(quoteSun)}`;
  return `${how} → ${shortenAddress(preset.address)}${cost}`;
}

function balanceText(balance: NonNullable<TrayInput['balance']>): string {
  return `${formatUnits(balance.trxSun, 2)} TRX · ${formatUnits(balance.usdtMicros, 2)} USDT`;
}

const transfers = (n: bigint | number): string => `${formatCount(n)} transfer${n === 1n || n === 1 ? '' : 's'}`;

/** "Payroll · 12,400 energy · 0 transfers" */
export function walletLine(wallet: TrayWallet): string {
  if (wallet.availableEnergy === null || wallet.covered === null) return `${wallet.label} · reading…`;
  return `${wallet.label} · ${formatCount(wallet.availableEnergy)} energy · ${transfers(wallet.covered)}`;
}

function walletItems(wallet: TrayWallet, paused: boolean): TrayMenuItem[] {
  const items: TrayMenuItem[] = [{ type: 'item', label: walletLine(wallet), enabled: false }];
  const topUp = wallet.topUp;
  if (!topUp) return items;
  const what = `Top up for ${transfers(topUp.transfers)}`;
  if (wallet.busy) items.push({ type: 'item', label: `${what} (buying…)`, enabled: false });
  else if (topUp.costSun === null) items.push({ type: 'item', label: `${what} (quoting…)`, enabled: false });
  else items.push({ type: 'item', label: `${what} (≈ ${formatTrx(topUp.costSun)})`, enabled: !paused, action: { kind: 'topUpWallet', walletId: wallet.id } });
  return items;
}

/** One line per rule and the one switch for all of them; resuming is approved in main (a dialog), pausing is not. */
function autoTopUpItems(input: TrayInput): TrayMenuItem[] {
  const rules = input.rules ?? [];
  if (rules.length === 0) return [];
  const lines: TrayMenuItem[] = rules.map((r) => ({ type: 'item', label: r.label, enabled: false }));
  const toggle: TrayMenuItem = input.rulesPaused
    ? { type: 'item', label: 'Resume auto top-ups…', enabled: true, action: { kind: 'resumeAutoTopUps' } }
    : { type: 'item', label: 'Pause all auto top-ups', enabled: true, action: { kind: 'pauseAutoTopUps' } };
  return [...lines, toggle, { type: 'separator' }];
}

export function trayIconState(input: TrayInput): TrayIconState {
  if (input.offline) return 'offline';
  if (input.activeOrders.length > 0) return 'busy';
  if (input.balance && input.balance.trxSun < input.lowBalanceThresholdSun) return 'low';
  if (input.wallets.some((w) => w.low)) return 'low';
  return 'normal';
}

export function buildTrayModel(input: TrayInput): TrayModel {
  const stale = input.balance !== null && input.now - input.balance.updatedAt > input.staleAfterMs;
  const demo = input.mode === 'demo' ? 'Demo — no real funds\n' : '';
  const tooltipBody =
    input.mode === 'welcome'
      ? 'Energy Tray — not connected'
      : input.balance
        ? `${balanceText(input.balance)}${stale || input.offline ? `\nupdated ${formatAge(input.balance.updatedAt, input.now)}` : ''}`
        : 'Energy Tray — loading balance…';
  const title = input.balance && input.mode !== 'welcome' ? `${formatUnits(input.balance.trxSun, 2)} TRX` : '';
  const lowWallets = input.mode === 'welcome' ? [] : input.wallets.filter((w) => w.low);
  const walletNote = lowWallets.length > 0 ? `\n${lowWallets.map((w) => `${w.label}: not enough energy for a transfer`).join('\n')}` : '';

  const menu: TrayMenuItem[] = [];
  if (input.mode === 'welcome') {
    menu.push({ type: 'item', label: 'Not connected', enabled: false });
  } else {
    if (input.mode === 'demo') menu.push({ type: 'item', label: 'Demo — no real funds', enabled: false });
    else if (input.profileName) menu.push({ type: 'item', label: input.profileName, enabled: false });
    if (input.balance) {
      menu.push({ type: 'item', label: `${formatTrx(input.balance.trxSun)}`, enabled: false });
      menu.push({ type: 'item', label: `${formatUnits(input.balance.usdtMicros, 2)} USDT`, enabled: false });
      menu.push({
        type: 'item',
        label: `${input.offline ? 'Service unreachable — ' : ''}updated ${formatAge(input.balance.updatedAt, input.now)}`,
        enabled: false,
      });
    } else {
      menu.push({ type: 'item', label: input.offline ? 'Service unreachable' : 'Loading balance…', enabled: false });
    }
    menu.push({ type: 'separator' });
    if (input.wallets.length > 0) {
      menu.push(...input.wallets.flatMap((w) => walletItems(w, input.paused)));
      menu.push({ type: 'separator' });
    }
    menu.push(...autoTopUpItems(input));
    const presetItems: TrayMenuItem[] = input.presets.map((p) => ({
      type: 'item',
      label: p.busy ? `${presetLabel(p, input.quotes.get(p.id))} (buying…)` : presetLabel(p, input.quotes.get(p.id)),
      enabled: !p.busy && !input.paused,
      action: { kind: 'runPreset', presetId: p.id },
    }));
    menu.push(
      presetItems.length > 0
        ? { type: 'submenu', label: 'Top up', enabled: true, items: presetItems }
        : { type: 'item', label: 'Top up: add a preset in the dashboard', enabled: true, action: { kind: 'openDashboard' } },
    );
    if (input.activeOrders.length > 0) {
      menu.push({
        type: 'submenu',
        label: `Orders in progress (${input.activeOrders.length})`,
        enabled: true,
        items: input.activeOrders.map((o) => ({
          type: 'item',
          label: `${o.count !== null ? `${formatCount(o.count)} ${o.resource === 'net' ? 'bandwidth' : 'energy'}` : o.kind} → ${shortenAddress(o.address)}: ${STATUS_TEXT[o.state]}`,
          enabled: true,
          action: { kind: 'openOrder', localId: o.localId },
        })),
      });
    }
    menu.push({ type: 'item', label: 'Refresh now', enabled: !input.paused, action: { kind: 'refresh' } });
  }
  menu.push({ type: 'separator' });
  menu.push({ type: 'item', label: 'Open dashboard', enabled: true, action: { kind: 'openDashboard' } });
  menu.push({ type: 'item', label: 'Settings', enabled: true, action: { kind: 'openSettings' } });
  if (input.mode !== 'welcome') menu.push({ type: 'checkbox', label: 'Pause polling', checked: input.paused, action: { kind: 'togglePause' } });
  menu.push({ type: 'separator' });
  menu.push({ type: 'item', label: 'Quit Energy Tray', enabled: true, action: { kind: 'quit' } });

  return { icon: trayIconState(input), tooltip: `${demo}${tooltipBody}${walletNote}`, title, menu };
}

/** Cheap structural key: the glue rebuilds the native menu only when this changes. */
export function trayModelKey(model: TrayModel): string {
  return JSON.stringify(model);
}
