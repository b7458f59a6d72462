import type { OptionName } from './args.ts';
import type { CommandContext } from './context.ts';
import type { KeyOf } from '../shared/i18n/catalogue.ts';

type CliKey = KeyOf<'cli'>;

export interface CommandResult {
  /** Printed with --json: the envelope's data as the server sent it, or a small object without secrets. */
  json: unknown;
  /** Printed without --json. */
  text: string;
  /** When the command ran but the outcome is a failure (a watched order that failed): reported on stderr, exit 1. */
  failure?: string;
  /** Nothing more to print: the command wrote its own output (the daemon's log lines). */
  silent?: boolean;
}

/** A command's code: what it does once its line is known to be well formed. */
export interface CommandCode {
  run(context: CommandContext): Promise<CommandResult>;
}

/**
 * A command as the parser and the help texts know it. Its code is in a module
 * of its own, loaded by `load` only when that command runs: help, --version
 * and a usage error never load the service client, the stores or the core.
 */
export interface Command {
  readonly name: string;
  /** Arguments and options after the name, for the usage texts. */
  readonly synopsis: string;
  /** One line for the command list (lower case, no full stop): its key in the cli catalogue. */
  readonly summary: CliKey;
  /** More lines for `help <command>` (catalogue keys). */
  readonly details?: readonly CliKey[];
  /** Names of the positional arguments, all required. */
  readonly positionals: readonly string[];
  /** Command-specific options it accepts (the global ones are always accepted). */
  readonly options: readonly OptionName[];
  /** This command's wording of an option, where the general one (option-help.ts) is not precise enough. */
  readonly optionNotes?: Partial<Record<OptionName, CliKey>>;
  /** Arguments of a typical call, shown after the program name in `help <command>`. */
  readonly example: string;
  load(): Promise<CommandCode>;
}

/** A reply rendered both ways. */
export function replyResult<T>(reply: { data: T; raw: unknown }, render: (data: T) => string): CommandResult {
  return { json: reply.raw, text: render(reply.data) };
}

/** A command of two words ("rules add"): the group, then the action, as typed. */
export const subcommand = (group: string, action: string): string => `${group} ${action}`;

/** A command's `load`: its module, imported when the command runs, and the command's code in it. */
export const lazyCode =
  <M>(load: () => Promise<M>, pick: (module: M) => CommandCode) =>
  async (): Promise<CommandCode> =>
    pick(await load());
