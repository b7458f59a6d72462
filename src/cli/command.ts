import type { OptionName } from './args.ts';
import type { CommandContext } from './context.ts';

export interface CommandResult {
  /** Printed with --json: the envelope's data as the server sent it, or a small object without secrets. */
  json: unknown;
  /** Printed without --json. */
  text: string;
  /** When the command ran but the outcome is a failure (a watched order that failed): one stderr line and exit 1. */
  failure?: string;
}

export interface Command {
  readonly name: string;
  /** Arguments and options after the name, for the usage text. */
  readonly synopsis: string;
  readonly summary: string;
  /** Names of the positional arguments, all required. */
  readonly positionals: readonly string[];
  /** Command-specific options it accepts (the global ones are always accepted). */
  readonly options: readonly OptionName[];
  run(context: CommandContext): Promise<CommandResult>;
}

/** A reply rendered both ways. */
export function replyResult<T>(reply: { data: T; raw: unknown }, render: (data: T) => string): CommandResult {
  return { json: reply.raw, text: render(reply.data) };
}
