// app/tray: the tray menu and its presenter, every tray click, and the window and polling actions.
import { formatAge, shortenAddress } from '../../../shared/format.ts';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import { translator, type Translate } from '../../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { formatAgeIn, formatCountIn } from '../../../shared/i18n/locale-format.ts';
import { moneyFigure, moneyText } from '../../../shared/money-text.ts';
import { oneLineName } from '../../../shared/user-names.ts';
import type { AppMode, OrderView, PresetView } from '../../../shared/views.ts';
import type { TrayWallet } from '../wallets/wallet-top-ups.ts';

export type { TrayWallet } from '../wallets/wallet-top-ups.ts';

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

/** An auto top-up rule as the tray shows it: "Payroll: Auto top-up on · 2 today · 6.50 / 20.00 TRX". */
export interface TrayRule {
  id: string;
  name: string;
  state: 'on' | 'off' | 'paused' | 'stopped';
  ordersToday: number;
  spentTodaySun: bigint;
  dailyCapSun: bigint;
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
  /** The app's language (Settings, else the system's); English when absent. */
  language?: Language;
}

const STATUS_TEXT: Record<OrderView['state'], KeyOf<'tray'>> = {
  submitting: 'status.submitting',
  running: 'status.running',
  succeeded: 'status.succeeded',
  failed: 'status.failed',
  stalled: 'status.stalled',
  outcome_unknown: 'status.outcomeUnknown',
};

const KIND_TEXT: Record<OrderView['kind'], KeyOf<'tray'>> = {
  energy: 'kinds.energy',
  net: 'kinds.net',
  fast_recover: 'kinds.fastRecover',
  reclaim: 'kinds.reclaim',
  activation: 'kinds.activation',
};

/** The tray's words and numbers in one language. */
interface Words {
  t: Translate<'tray'>;
  language: Language;
}

const wordsIn = (language: Language = SOURCE_LANGUAGE): Words => ({ t: translator(language, 'tray'), language });

function resourceAmount({ t, language }: Words, count: number | bigint, resource: 'energy' | 'net' | null): string {
  const amount = formatCountIn(count, language);
  return resource === 'net' ? t('bandwidthAmount', { amount }) : t('energyAmount', { amount });
}

export function presetLabel(preset: PresetView, quoteSun: bigint | undefined, words: Words = wordsIn()): string {
  const { t, language } = words;
  const what = resourceAmount(words, preset.count, preset.resource);
  const how = preset.kind === 'timed' ? t('presetTimed', { what, period: preset.period ?? '' }) : t('presetFast', { what });
  const address = shortenAddress(preset.address);
  return quoteSun === undefined
    ? t('presetLabel', { how, address })
    : t('presetLabelQuoted', { how, address, cost: moneyText(quoteSun, language) });
}

function balanceText({ t, language }: Words, balance: NonNullable<TrayInput['balance']>): string {
  return t('balance', { trx: moneyText(balance.trxSun, language), usdt: moneyText(balance.usdtMicros, language, 'USDT') });
}

const transfers = ({ t, language }: Words, n: bigint | number): string =>
  t('transfers', { count: Number(n), n: formatCountIn(n, language) });

/** English keeps its short "2 min ago" (the words of docs/usage.md); other languages say it through Intl.RelativeTimeFormat. */
const age = ({ language }: Words, then: number, now: number): string =>
  language === SOURCE_LANGUAGE ? formatAge(then, now) : formatAgeIn(then, now, language);

/** "Payroll · 12,400 energy · 0 transfers" */
export function walletLine(wallet: TrayWallet, words: Words = wordsIn()): string {
  const { t, language } = words;
  // A label stored by an older version may hold a line break or a direction override: shown on one line, turning nothing.
  const label = oneLineName(wallet.label);
  if (wallet.availableEnergy === null || wallet.covered === null) return t('walletReading', { label });
  return t('walletLine', { label, energy: formatCountIn(wallet.availableEnergy, language), transfers: transfers(words, wallet.covered) });
}

function walletItems(wallet: TrayWallet, paused: boolean, words: Words): TrayMenuItem[] {
  const { t, language } = words;
  const items: TrayMenuItem[] = [{ type: 'item', label: walletLine(wallet, words), enabled: false }];
  if (wallet.arriving) return [...items, { type: 'item', label: t('arriving'), enabled: false }];
  const topUp = wallet.topUp;
  if (!topUp) return items;
  const what = t('topUpFor', { transfers: transfers(words, topUp.transfers) });
  if (wallet.busy) items.push({ type: 'item', label: t('buying', { what }), enabled: false });
  else if (topUp.costSun === null) items.push({ type: 'item', label: t('quoting', { what }), enabled: false });
  else {
    const label = t('quoted', { what, cost: moneyText(topUp.costSun, language) });
    items.push({ type: 'item', label, enabled: !paused, action: { kind: 'topUpWallet', walletId: wallet.id } });
  }
  return items;
}

const RULE_STATE_WORDS: Readonly<Record<TrayRule['state'], KeyOf<'tray'>>> = {
  on: 'ruleState.on',
  off: 'ruleState.off',
  paused: 'ruleState.paused',
  stopped: 'ruleState.stopped',
};

/** "Payroll: Auto top-up on · 2 today · 6.50 / 20.00 TRX" */
export function ruleLine(rule: TrayRule, { t, language }: Words = wordsIn()): string {
  return t('ruleLine', {
    name: oneLineName(rule.name),
    state: t(RULE_STATE_WORDS[rule.state]),
    today: formatCountIn(rule.ordersToday, language),
    spent: moneyFigure(rule.spentTodaySun, language),
    cap: moneyText(rule.dailyCapSun, language),
  });
}

/** One line per rule and the one switch for all of them; resuming is approved in main (a dialog), pausing is not. */
function autoTopUpItems(input: TrayInput, words: Words): TrayMenuItem[] {
  const rules = input.rules ?? [];
  if (rules.length === 0) return [];
  const lines: TrayMenuItem[] = rules.map((r) => ({ type: 'item', label: ruleLine(r, words), enabled: false }));
  const { t } = words;
  const toggle: TrayMenuItem = input.rulesPaused
    ? { type: 'item', label: t('resumeAutoTopUps'), enabled: true, action: { kind: 'resumeAutoTopUps' } }
    : { type: 'item', label: t('pauseAutoTopUps'), enabled: true, action: { kind: 'pauseAutoTopUps' } };
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
  const words = wordsIn(input.language);
  const { t, language } = words;
  const stale = input.balance !== null && input.now - input.balance.updatedAt > input.staleAfterMs;
  const demo = input.mode === 'demo' ? `${t('demo')}\n` : '';
  const ageText = input.balance ? age(words, input.balance.updatedAt, input.now) : '';
  // While the service does not answer, the last balance is not current however recent it is: never "updated just now".
  const updated = input.offline ? t('lastReadNotCurrent', { age: ageText }) : t('updated', { age: ageText });
  const tooltipBody =
    input.mode === 'welcome'
      ? t('notConnectedTooltip')
      : input.balance
        ? `${balanceText(words, input.balance)}${stale || input.offline ? `\n${updated}` : ''}`
        : t('loadingTooltip');
  const title = input.balance && input.mode !== 'welcome' ? moneyText(input.balance.trxSun, language) : '';
  const lowWallets = input.mode === 'welcome' ? [] : input.wallets.filter((w) => w.low);
  const walletNote = lowWallets.length > 0 ? `\n${lowWallets.map((w) => t('walletLow', { label: oneLineName(w.label) })).join('\n')}` : '';

  const menu: TrayMenuItem[] = [];
  if (input.mode === 'welcome') {
    menu.push({ type: 'item', label: t('notConnected'), enabled: false });
  } else {
    if (input.mode === 'demo') menu.push({ type: 'item', label: t('demo'), enabled: false });
    else if (input.profileName) menu.push({ type: 'item', label: oneLineName(input.profileName), enabled: false });
    if (input.balance) {
      menu.push({ type: 'item', label: moneyText(input.balance.trxSun, language), enabled: false });
      menu.push({ type: 'item', label: moneyText(input.balance.usdtMicros, language, 'USDT'), enabled: false });
      menu.push({ type: 'item', label: input.offline ? t('unreachableNotCurrent', { age: ageText }) : updated, enabled: false });
    } else {
      menu.push({ type: 'item', label: input.offline ? t('unreachable') : t('loadingBalance'), enabled: false });
    }
    menu.push({ type: 'separator' });
    if (input.wallets.length > 0) {
      menu.push(...input.wallets.flatMap((w) => walletItems(w, input.paused, words)));
      menu.push({ type: 'separator' });
    }
    menu.push(...autoTopUpItems(input, words));
    const presetItems: TrayMenuItem[] = input.presets.map((p) => ({
      type: 'item',
      label: p.busy ? t('buying', { what: presetLabel(p, input.quotes.get(p.id), words) }) : presetLabel(p, input.quotes.get(p.id), words),
      enabled: !p.busy && !input.paused,
      action: { kind: 'runPreset', presetId: p.id },
    }));
    menu.push(
      presetItems.length > 0
        ? { type: 'submenu', label: t('topUp'), enabled: true, items: presetItems }
        : { type: 'item', label: t('topUpAddPreset'), enabled: true, action: { kind: 'openDashboard' } },
    );
    if (input.activeOrders.length > 0) {
      menu.push({
        type: 'submenu',
        label: t('ordersInProgress', { n: formatCountIn(input.activeOrders.length, language) }),
        enabled: true,
        items: input.activeOrders.map((o) => ({
          type: 'item',
          label: t('orderLine', {
            what: o.count !== null ? resourceAmount(words, o.count, o.resource) : t(KIND_TEXT[o.kind]),
            address: shortenAddress(o.address),
            status: t(STATUS_TEXT[o.state]),
          }),
          enabled: true,
          action: { kind: 'openOrder', localId: o.localId },
        })),
      });
    }
    menu.push({ type: 'item', label: t('refresh'), enabled: !input.paused, action: { kind: 'refresh' } });
  }
  menu.push({ type: 'separator' });
  menu.push({ type: 'item', label: t('openDashboard'), enabled: true, action: { kind: 'openDashboard' } });
  menu.push({ type: 'item', label: t('settings'), enabled: true, action: { kind: 'openSettings' } });
  if (input.mode !== 'welcome') menu.push({ type: 'checkbox', label: t('pause'), checked: input.paused, action: { kind: 'togglePause' } });
  menu.push({ type: 'separator' });
  menu.push({ type: 'item', label: t('quit'), enabled: true, action: { kind: 'quit' } });

  return { icon: trayIconState(input), tooltip: `${demo}${tooltipBody}${walletNote}`, title, menu };
}

/** Cheap structural key: the glue rebuilds the native menu only when this changes. */
export function trayModelKey(model: TrayModel): string {
  return JSON.stringify(model);
}
