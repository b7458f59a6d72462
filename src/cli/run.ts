import { parseCommandLine, GLOBAL_OPTIONS } from './args.ts';
import type { CommandLine } from './args.ts';
import { usageError } from './cli-error.ts';
import type { Command } from './command.ts';
import { findCommand } from './commands/index.ts';
import { openContext } from './context.ts';
import type { CliIo } from './context.ts';
import { toFailure } from './failure.ts';
import { usageText } from './usage.ts';

function checkShape(command: Command, line: CommandLine): void {
  const given = Object.keys(line.values).filter((name) => line.values[name as keyof typeof line.values] !== undefined);
  for (const name of given) {
    if (!GLOBAL_OPTIONS.includes(name as (typeof GLOBAL_OPTIONS)[number]) && !command.options.includes(name as (typeof command.options)[number])) {
      throw usageError(`${command.name} does not take --${name}.`);
    }
  }
  if (line.positionals.length !== command.positionals.length) {
    const wanted = command.positionals.length === 0 ? 'no arguments' : command.positionals.map((p) => `<${p}>`).join(' ');
    throw usageError(`${command.name} takes ${wanted}: ${command.name} ${command.synopsis}`.trimEnd() + '.');
  }
}

/** Runs one command line and returns the exit code; nothing here calls process.exit. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let close: (() => Promise<void>) | undefined;
  try {
    const line = parseCommandLine(argv);
    if (line.values.help === true || line.command === 'help') {
      io.writeOut(`${usageText()}\n`);
      return 0;
    }
    if (line.command === undefined) throw usageError('No command given.');
    const command = findCommand(line.command);
    if (!command) throw usageError(`Unknown command ${JSON.stringify(line.command)}.`);
    checkShape(command, line);
    const opened = openContext(line.positionals, line.values, io);
    close = opened.close;
    const result = await command.run(opened.context);
    io.writeOut(opened.context.json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
    if (result.failure !== undefined) {
      io.writeErr(`${result.failure}\n`);
      return 1;
    }
    return 0;
  } catch (err) {
    const failure = toFailure(err);
    io.writeErr(`${failure.message}\n`);
    if (failure.stack !== undefined) io.writeErr(`${failure.stack}\n`);
    return failure.exitCode;
  } finally {
    await close?.();
  }
}
