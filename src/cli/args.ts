import { parseArgs } from 'node:util';
import { usageError } from './cli-error.ts';

/**
 * Every option of every command, parsed in one strict pass; each command then
 * says which of the command-specific ones it accepts (commands.ts).
 */
const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  timeout: { type: 'string' },
  profile: { type: 'string' },
  type: { type: 'string' },
  resource: { type: 'string' },
  count: { type: 'string' },
  period: { type: 'string' },
  'interval-ms': { type: 'string' },
} as const;

export type OptionName = keyof typeof OPTIONS;

/** Accepted by every command. */
export const GLOBAL_OPTIONS: readonly OptionName[] = ['json', 'help', 'base-url', 'timeout', 'profile'];

export type OptionValues = { readonly [K in OptionName]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

export interface CommandLine {
  command: string | undefined;
  positionals: string[];
  values: OptionValues;
}

export function parseCommandLine(argv: readonly string[]): CommandLine {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw usageError(err instanceof Error ? `${err.message}.` : 'The command line could not be read.');
  }
  const [command, ...positionals] = parsed.positionals;
  return { command, positionals, values: parsed.values };
}

/** A whole number written in plain digits; anything else is a usage error (exit 2). */
export function wholeNumberOption(text: string, what: string): number {
  const value = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw usageError(`${what} must be a whole number, got ${JSON.stringify(text)}.`);
  return value;
}

export function requiredOption(values: OptionValues, name: 'type' | 'resource' | 'count' | 'period'): string {
  const value = values[name];
  if (value === undefined) throw usageError(`--${name} is required.`);
  return value;
}
