import enDecisions from './locales/en/decisions.json' with { type: 'json' };
import enErrors from './locales/en/errors.json' with { type: 'json' };
import enNotices from './locales/en/notices.json' with { type: 'json' };
import { i18nOver, memoizedTranslator, type MessageValues as Values } from './i18n-instance.ts';
import type { CatalogueTree } from './catalogue.ts';
import { SOURCE_LANGUAGE } from './languages.ts';
import { MESSAGE_NAMESPACES, wordMessage, type LookUp, type Message, type MessageNamespace } from './message.ts';

/**
 * A message in English, over the English catalogues of the message
 * namespaces alone: the core's own text of an error (`Error.message`, for
 * logs) and of a decision, wherever the core runs (the CLI reads no other
 * language and no other namespace for it).
 */
let english: LookUp | undefined;

const ENGLISH: Readonly<Record<MessageNamespace, CatalogueTree>> = { errors: enErrors, decisions: enDecisions, notices: enNotices };

function englishLookUp(): LookUp {
  const instance = i18nOver(SOURCE_LANGUAGE, { en: ENGLISH }, [...MESSAGE_NAMESPACES]);
  type Fixed = (key: string, values: Values) => string;
  const byNamespace = new Map<MessageNamespace, Fixed>();
  for (const namespace of MESSAGE_NAMESPACES) byNamespace.set(namespace, memoizedTranslator(instance, SOURCE_LANGUAGE, namespace) as Fixed);
  return (namespace, key, values) => byNamespace.get(namespace)!(key, values);
}

export function englishText(message: Message): string {
  english ??= englishLookUp();
  return wordMessage(message, SOURCE_LANGUAGE, english);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `key` is a message of the English catalogues (a stored message may come from a newer version). */
function knownKey(key: string): boolean {
  const colon = key.indexOf(':');
  const namespace = key.slice(0, colon) as MessageNamespace;
  if (colon < 0 || !(MESSAGE_NAMESPACES as readonly string[]).includes(namespace)) return false;
  return catalogueHas(ENGLISH[namespace], key.slice(colon + 1));
}

function catalogueHas(tree: CatalogueTree, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  let node: CatalogueTree | string | undefined = tree;
  for (const part of parts) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'object') return false;
  return typeof node[last] === 'string' || Object.keys(node).some((k) => k.startsWith(`${last}_`));
}

function isMessage(value: unknown): value is Message {
  if (!isRecord(value) || typeof value['key'] !== 'string' || !knownKey(value['key'])) return false;
  const values = value['values'];
  if (values === undefined) return true;
  if (!isRecord(values)) return false;
  const isValue = (v: unknown): boolean =>
    typeof v === 'string' || typeof v === 'number' || (isRecord(v) && (!('key' in v) || isMessage(v)));
  return Object.values(values).every(isValue);
}

/**
 * A message kept as JSON (a decision's, in the order store), or null when
 * there is none or it is not one this version can word (damaged, or a key a
 * newer version added): the caller then shows the English text kept beside it.
 */
export function storedMessage(json: string | null): Message | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return isMessage(value) ? value : null;
  } catch {
    return null;
  }
}
