import { readFileSync } from 'node:fs';
import type { CatalogueTree, Namespace } from '../shared/i18n/catalogue.ts';
import { MESSAGE_NAMESPACES, wordMessage, type LookUp, type Message } from '../shared/i18n/message.ts';
import { i18nOver, memoizedTranslator, type Translate } from '../shared/i18n/i18n-instance.ts';
import { firstSystemLanguage, parseLanguage, SOURCE_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../shared/i18n/languages.ts';
import { formatCountIn, formatDateTimeIn } from '../shared/i18n/locale-format.ts';
import { exactMoneyText, moneyIsRounded, moneyPairText, moneyText } from '../shared/money-text.ts';
import type { Env } from './access.ts';

/**
 * The language of the CLI's human output (never of --json, exit codes,
 * command or option names): --lang, else ENERGY_TRAY_LANG, else the
 * system's locale (LC_ALL, LC_MESSAGES, LANG, in POSIX order, then Intl's
 * default), else English. Chosen once per run, before the command line is
 * parsed, so that even a usage error speaks it.
 */
export const ENV_LANG = 'ENERGY_TRAY_LANG';

let language: Language = SOURCE_LANGUAGE;
/** Made on first use: a run that prints nothing (a --json success) starts no i18next instance. */
let translate: Translate<'cli'> | undefined;
let lookUp: LookUp | undefined;

export function setCliLanguage(next: Language): void {
  language = next;
  translate = undefined;
  lookUp = undefined;
}

export const cliLanguage = (): Language => language;

/**
 * The cli catalogue of one language, read when its first message is needed:
 * a run reads no other language and no other namespace (the app's catalogues
 * are several times larger than the command line's).
 */
function cliTranslator(chosen: Language): Translate<'cli'> {
  const file = new URL(`../shared/i18n/locales/${chosen}/cli.json`, import.meta.url);
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as CatalogueTree;
  return memoizedTranslator(i18nOver(chosen, { [chosen]: { cli: catalogue } }, ['cli']), chosen, 'cli');
}

/** A message of the cli catalogue in the chosen language. */
export const t: Translate<'cli'> = (key, values) => (translate ??= cliTranslator(language))(key, values);

const readCatalogue = (chosen: Language, namespace: string): CatalogueTree =>
  JSON.parse(readFileSync(new URL(`../shared/i18n/locales/${chosen}/${namespace}.json`, import.meta.url), 'utf8')) as CatalogueTree;

/** The catalogues of the core's messages (errors, decisions, notices) in one language, read when the first is worded. */
function messageLookUp(chosen: Language): LookUp {
  const resources = Object.fromEntries(MESSAGE_NAMESPACES.map((namespace) => [namespace, readCatalogue(chosen, namespace)]));
  const instance = i18nOver(chosen, { [chosen]: resources }, [...MESSAGE_NAMESPACES]);
  const translators = new Map(
    MESSAGE_NAMESPACES.map((namespace) => [namespace, memoizedTranslator(instance, chosen, namespace) as Translate<Namespace>]),
  );
  return (namespace, key, values) => (translators.get(namespace) as (k: string, v: typeof values) => string)(key, values);
}

/** What the core said (an error, a decision, a notice: shared/i18n/message.ts) in the chosen language. */
export const words = (message: Message): string => wordMessage(message, language, (lookUp ??= messageLookUp(language)));

/** The value of --lang in `argv` (`--lang X` or `--lang=X`), read before the full parse. */
function langFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') return undefined;
    if (arg === '--lang') return argv[i + 1] ?? '';
    if (arg.startsWith('--lang=')) return arg.slice('--lang='.length);
  }
  return undefined;
}

/** --lang or ENERGY_TRAY_LANG named a language Energy Tray does not speak. */
export interface UnknownLanguage {
  readonly source: string;
  readonly value: string;
}

/**
 * The language for this run. An explicit choice that names no supported
 * language is an error (the caller reports it in the system's language);
 * a system locale Energy Tray does not speak means English.
 */
export function chooseCliLanguage(argv: readonly string[], env: Env): { language: Language; problem?: UnknownLanguage } {
  const posix = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']];
  // Intl is asked only when nothing else decides: loading its locale data is a noticeable part of a short command's start.
  const system = (): Language =>
    firstSystemLanguage(posix.some((v) => v !== undefined && v !== '') ? posix : [Intl.DateTimeFormat().resolvedOptions().locale]);
  for (const [source, value] of [['--lang', langFlag(argv)], [ENV_LANG, env[ENV_LANG]]] as const) {
    if (value === undefined || (source === ENV_LANG && value === '')) continue;
    const chosen = parseLanguage(value);
    return chosen === null ? { language: system(), problem: { source, value } } : { language: chosen };
  }
  return { language: system() };
}

/** "en, zh-CN, ru": the values --lang takes. */
export const LANGUAGE_LIST = SUPPORTED_LANGUAGES.join(', ');

/**
 * Money in the human output by the app's one rule (shared/money-text.ts): two
 * decimals rounded half up, in the chosen language's notation ("5.86 TRX",
 * "< 0.01 TRX"), so the terminal, the dashboard and the tray read one order
 * alike. --json and --csv keep every SUN as decimal strings.
 */
export const trx = (sun: bigint | string): string => moneyText(sun, language);
export const usdt = (micros: bigint | string): string => moneyText(micros, language, 'USDT');
/** Two amounts one line compares ("spent / cap"): exact where the rule would make different ones read the same. */
export const trxPair = (a: bigint | string, b: bigint | string): [string, string] => moneyPairText(a, b, language);
/**
 * An amount a person decides on or keeps as a record (a quote before paying,
 * one order's detail): the rule's text, then every SUN where it rounds, as
 * main's approval shows it: "5.86 TRX (exactly 5.856812 TRX)".
 */
export const trxWithExact = (sun: bigint | string): string =>
  moneyIsRounded(sun) ? t('money.exactly', { value: trx(sun), exact: exactMoneyText(sun, language) }) : trx(sun);
export const num = (n: number | bigint | string): string => formatCountIn(n, language);
export const dateTime = (ms: number): string => formatDateTimeIn(ms, language);
/** "1h, 1day or 3day": alternatives joined the chosen language's way. */
export const anyOf = (names: readonly string[]): string => new Intl.ListFormat(language, { type: 'disjunction' }).format(names);
