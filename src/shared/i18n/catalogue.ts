/**
 * Every catalogue, one folder per language, one JSON file per namespace
 * (cli: the command line's human output; tray, notifications, dialogs, notices: the
 * words of main's tray menu, native notifications, approval dialogs and in-app notices; renderer: the dashboard and the popover;
 * mcp: what `energy-tray mcp` tells an AI assistant and asks the person;
 * errors, decisions: what the core says as a key and values (shared/i18n/message.ts), worded wherever it is shown).
 * English is the source: its files define the keys; test/shared/i18n checks
 * that every other language has exactly those keys, placeholders and plural
 * forms, and that every key is used.
 */
import enCli from './locales/en/cli.json' with { type: 'json' };
import enDecisions from './locales/en/decisions.json' with { type: 'json' };
import enDialogs from './locales/en/dialogs.json' with { type: 'json' };
import enErrors from './locales/en/errors.json' with { type: 'json' };
import enMcp from './locales/en/mcp.json' with { type: 'json' };
import enNotifications from './locales/en/notifications.json' with { type: 'json' };
import enNotices from './locales/en/notices.json' with { type: 'json' };
import enRenderer from './locales/en/renderer.json' with { type: 'json' };
import enTray from './locales/en/tray.json' with { type: 'json' };
import ruCli from './locales/ru/cli.json' with { type: 'json' };
import ruDecisions from './locales/ru/decisions.json' with { type: 'json' };
import ruDialogs from './locales/ru/dialogs.json' with { type: 'json' };
import ruErrors from './locales/ru/errors.json' with { type: 'json' };
import ruMcp from './locales/ru/mcp.json' with { type: 'json' };
import ruNotifications from './locales/ru/notifications.json' with { type: 'json' };
import ruNotices from './locales/ru/notices.json' with { type: 'json' };
import ruRenderer from './locales/ru/renderer.json' with { type: 'json' };
import ruTray from './locales/ru/tray.json' with { type: 'json' };
import zhCli from './locales/zh-CN/cli.json' with { type: 'json' };
import zhDecisions from './locales/zh-CN/decisions.json' with { type: 'json' };
import zhDialogs from './locales/zh-CN/dialogs.json' with { type: 'json' };
import zhErrors from './locales/zh-CN/errors.json' with { type: 'json' };
import zhMcp from './locales/zh-CN/mcp.json' with { type: 'json' };
import zhNotifications from './locales/zh-CN/notifications.json' with { type: 'json' };
import zhNotices from './locales/zh-CN/notices.json' with { type: 'json' };
import zhRenderer from './locales/zh-CN/renderer.json' with { type: 'json' };
import zhTray from './locales/zh-CN/tray.json' with { type: 'json' };
import type { Language } from './languages.ts';

export const NAMESPACES = ['cli', 'tray', 'notifications', 'dialogs', 'notices', 'renderer', 'mcp', 'errors', 'decisions'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** A catalogue file: nested objects of strings. */
export interface CatalogueTree {
  readonly [key: string]: string | CatalogueTree;
}

export const CATALOGUES: Readonly<Record<Language, Readonly<Record<Namespace, CatalogueTree>>>> = {
  en: {
    cli: enCli,
    tray: enTray,
    notifications: enNotifications,
    dialogs: enDialogs,
    notices: enNotices,
    renderer: enRenderer,
    mcp: enMcp,
    errors: enErrors,
    decisions: enDecisions,
  },
  'zh-CN': {
    cli: zhCli,
    tray: zhTray,
    notifications: zhNotifications,
    dialogs: zhDialogs,
    notices: zhNotices,
    renderer: zhRenderer,
    mcp: zhMcp,
    errors: zhErrors,
    decisions: zhDecisions,
  },
  ru: {
    cli: ruCli,
    tray: ruTray,
    notifications: ruNotifications,
    dialogs: ruDialogs,
    notices: ruNotices,
    renderer: ruRenderer,
    mcp: ruMcp,
    errors: ruErrors,
    decisions: ruDecisions,
  },
};

/** The English source catalogue of each namespace: its type gives the keys. */
export interface SourceCatalogues {
  cli: typeof enCli;
  tray: typeof enTray;
  notifications: typeof enNotifications;
  dialogs: typeof enDialogs;
  notices: typeof enNotices;
  renderer: typeof enRenderer;
  errors: typeof enErrors;
  decisions: typeof enDecisions;
  mcp: typeof enMcp;
}

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** The keys of a namespace, plural forms folded into their base key ("orders_one" → "orders"). */
export type KeyOf<NS extends Namespace> = WithoutPlural<Leaves<SourceCatalogues[NS]>>;
