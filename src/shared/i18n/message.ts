import { moneyFigure, moneyPairText, moneyText } from '../money-text.ts';
import { shownName } from '../user-names.ts';
import type { KeyOf } from './catalogue.ts';
import type { Language } from './languages.ts';
import { formatCountIn, formatDateTimeIn } from './locale-format.ts';

/**
 * A sentence the core says (an error, a rule's decision or summary, a notice)
 * as a catalogue key and the facts it rests on, worded only where a person
 * reads it: the dashboard, main's dialogs and notifications and the CLI each
 * word it in their language. It is plain JSON, so it crosses IPC, goes into
 * `--json` output and is stored with a decision as it is.
 */

/** The catalogues whose messages travel as a key and values. */
export const MESSAGE_NAMESPACES = ['errors', 'decisions', 'notices'] as const;
export type MessageNamespace = (typeof MESSAGE_NAMESPACES)[number];

/** "errors:api.network": the namespace, a colon, the key (plural forms folded, as KeyOf gives them). */
export type MessageKey = { [NS in MessageNamespace]: `${NS}:${KeyOf<NS>}` }[MessageNamespace];

/**
 * An amount of SUN (decimal string) by the one money rule; `against`: the
 * other amount of a pair one sentence compares; `figure`: without the unit
 * ("6.50 / 20.00 TRX", where the unit follows once).
 */
export interface MoneyValue {
  readonly sun: string;
  readonly against?: string;
  readonly figure?: true;
}

/** A name the person chose (a rule's, a wallet's, a profile's): shown isolated, on one line (shared/user-names.ts). */
export interface NameValue {
  readonly name: string;
}

/** A moment, in the language's date and time notation. */
export interface TimeValue {
  readonly at: number;
}

/** A length of time: "30 s" under a minute, else days, hours and minutes ("1 day 2 h 5 min"). */
export interface DurationValue {
  readonly seconds: number;
}

/**
 * A string stays as it is (an address, a serial, a file name, the server's own
 * words); a number is written in the language's digits (`count` also picks the
 * plural form and stays as it is); a message inside a message is worded in the
 * same language.
 */
export type MessageValue = string | number | MoneyValue | NameValue | TimeValue | DurationValue | Message;
export type MessageArgs = Readonly<Record<string, MessageValue>>;

export interface Message {
  readonly key: MessageKey;
  readonly values?: MessageArgs;
}

/** A message; `values` left out when there are none (so equal messages compare equal). */
export function msg(key: MessageKey, values?: MessageArgs): Message {
  return values === undefined ? { key } : { key, values };
}

export const sunValue = (sun: bigint | string): MoneyValue => ({ sun: sun.toString() });

/** Two amounts one sentence compares: each exact where the rule would make them read the same (moneyPairText). */
export function sunPair(a: bigint | string, b: bigint | string): [MoneyValue, MoneyValue] {
  return [
    { sun: a.toString(), against: b.toString() },
    { sun: b.toString(), against: a.toString() },
  ];
}

/** One catalogue's message with its values already worded: i18next's lookup, plural choice and interpolation. */
export type LookUp = (namespace: MessageNamespace, key: string, values: Readonly<Record<string, string | number>>) => string;

function durationText(seconds: number, lookUp: LookUp): string {
  const whole = Math.round(Math.abs(seconds));
  if (whole < 60) return lookUp('errors', 'time.seconds', { n: whole });
  const total = Math.round(whole / 60);
  const [days, hours, minutes] = [Math.floor(total / 1440), Math.floor((total % 1440) / 60), total % 60];
  const parts = [
    days > 0 ? lookUp('errors', 'time.days', { count: days }) : '',
    hours > 0 ? lookUp('errors', 'time.hours', { n: hours }) : '',
    minutes > 0 ? lookUp('errors', 'time.minutes', { n: minutes }) : '',
  ];
  return parts.filter((part) => part !== '').join(' ');
}

function valueText(name: string, value: MessageValue, language: Language, lookUp: LookUp): string | number {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return name === 'count' ? value : formatCountIn(value, language);
  if ('key' in value) return wordMessage(value, language, lookUp);
  if ('sun' in value) {
    if (value.figure) return moneyFigure(value.sun, language);
    return value.against === undefined ? moneyText(value.sun, language) : moneyPairText(value.sun, value.against, language)[0];
  }
  if ('name' in value) return shownName(value.name);
  if ('seconds' in value) return durationText(value.seconds, lookUp);
  return formatDateTimeIn(value.at, language);
}

/** `message` in `language`, through `lookUp` (the app's catalogues, the CLI's, or English alone). */
export function wordMessage(message: Message, language: Language, lookUp: LookUp): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values ?? {})) values[name] = valueText(name, value, language, lookUp);
  const colon = message.key.indexOf(':');
  return lookUp(message.key.slice(0, colon) as MessageNamespace, message.key.slice(colon + 1), values);
}
