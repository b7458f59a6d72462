import { parseArgs } from 'node:util';
import { usageError } from './cli-error.ts';
import { num, t } from './i18n.ts';
import { withSuggestion } from './suggest.ts';

/**
 * Every option of every command, parsed in one strict pass; each command then
 * says which of the command-specific ones it accepts (commands/index.ts), and
 * option-help.ts describes each one for the help texts.
 */
export const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  lang: { type: 'string' },
  'base-url': { type: 'string' },
  timeout: { type: 'string' },
  profile: { type: 'string' },
  type: { type: 'string' },
  resource: { type: 'string' },
  count: { type: 'string' },
  period: { type: 'string' },
  'interval-ms': { type: 'string' },
  'max-wait': { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  'dry-run': { type: 'boolean' },
  'node-url': { type: 'string' },
  'node-budget': { type: 'string' },
  to: { type: 'string' },
  amount: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  status: { type: 'string' },
  totals: { type: 'string' },
  csv: { type: 'boolean' },
  once: { type: 'boolean' },
  label: { type: 'string' },
  plan: { type: 'string' },
  recipient: { type: 'string' },
  'top-up': { type: 'string' },
  wallet: { type: 'string' },
  keep: { type: 'string' },
  buy: { type: 'string' },
  cap: { type: 'string' },
  'orders-per-day': { type: 'string' },
  'max-sun-per-energy': { type: 'string' },
  all: { type: 'boolean' },
  name: { type: 'string' },
  config: { type: 'string' },
  metrics: { type: 'string' },
  'per-day': { type: 'string' },
  'per-order': { type: 'string' },
  addresses: { type: 'string' },
  off: { type: 'boolean' },
} as const;

export type OptionName = keyof typeof OPTIONS;

const OPTION_NAMES = Object.keys(OPTIONS) as OptionName[];

/** Accepted by every command. */
export const GLOBAL_OPTIONS: readonly OptionName[] = ['json', 'lang', 'base-url', 'timeout', 'profile', 'help'];

export type OptionValues = { readonly [K in OptionName]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

export interface CommandLine {
  command: string | undefined;
  positionals: string[];
  values: OptionValues;
}

const takesValue = (arg: string): boolean => {
  const name = arg.startsWith('--') ? arg.slice(2) : undefined;
  return name !== undefined && name in OPTIONS && OPTIONS[name as OptionName].type === 'string';
};

/**
 * `--count -5` is a value, not an option: joined as `--count=-5` so that the
 * option's own check can say what is wrong with it.
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const next = argv[i + 1];
    if (takesValue(arg) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i += 1;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** node:util's parser messages, rewritten as one sentence each. */
function parserMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : '';
  const code = (err as { code?: unknown } | null)?.code;
  const option = /'(--?[^' =,]+)/.exec(text)?.[1];
  if (option === undefined) return t('errors.unreadableLine');
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const message = t('errors.unknownOption', { option });
    return option.startsWith('--') ? withSuggestion(message, option.slice(2), OPTION_NAMES, (name) => `--${name}`) : message;
  }
  if (/does not take an argument/.test(text)) return t('errors.optionTakesNoValue', { option });
  return t('errors.optionNeedsValue', { option });
}

export function parseCommandLine(argv: readonly string[]): CommandLine {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw usageError(parserMessage(err));
  }
  const [command, ...positionals] = parsed.positionals;
  return { command, positionals, values: parsed.values };
}

const LARGEST = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A whole number written in plain digits, at least `min`; anything else is a
 * usage error (exit 2) that says which rule the text broke.
 */
export function wholeNumberOption(text: string, what: string, min = 0): number {
  const got = JSON.stringify(text);
  if (/^-\d+$/.test(text)) throw usageError(t('errors.negative', { what, got }));
  if (!/^\d+$/.test(text)) throw usageError(t('errors.notWholeNumber', { what, got }));
  if (BigInt(text) > LARGEST) throw usageError(t('errors.tooLarge', { what, got, largest: num(Number.MAX_SAFE_INTEGER) }));
  const value = Number(text);
  if (value < min) throw usageError(t('errors.belowMinimum', { what, got, min: num(min) }));
  return value;
}

export function requiredOption(values: OptionValues, name: 'type' | 'resource' | 'count' | 'period'): string {
  const value = values[name];
  if (value === undefined) throw usageError(t('errors.optionRequired', { option: `--${name}` }));
  return value;
}
