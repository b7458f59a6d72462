import { parseCommandLine, GLOBAL_OPTIONS } from './args.ts';
import type { CommandLine, OptionName } from './args.ts';
import { usageError } from './cli-error.ts';
import type { Command } from './command.ts';
import { findCommand } from './commands/index.ts';
import { openContext } from './context.ts';
import type { CliIo } from './context.ts';
import { jsonForTerminal } from '../core/base/http/server-text.ts';
import { failureText, toFailure } from './failure.ts';
import { commandHelp, usageText } from './usage.ts';
import { VERSION } from './version.ts';

function checkShape(command: Command, line: CommandLine): void {
  const given = (Object.keys(line.values) as OptionName[]).filter((name) => line.values[name] !== undefined);
  for (const name of given) {
    if (!GLOBAL_OPTIONS.includes(name) && !command.options.includes(name)) throw usageError(`${command.name} does not take --${name}.`, command.name);
  }
  if (line.positionals.length !== command.positionals.length) {
    const usage = `${command.name} ${command.synopsis}`.trimEnd();
    const wanted = command.positionals.map((p) => `<${p}>`).join(' ');
    const rule = command.positionals.length === 0 ? 'takes no arguments' : `needs ${command.positionals.length === 1 ? 'one argument' : 'these arguments'}: ${wanted}`;
    throw usageError(`${command.name} ${rule} (usage: ${usage}).`, command.name);
  }
}

function commandNamed(name: string): Command {
  const command = findCommand(name);
  if (!command) throw usageError(`Unknown command ${JSON.stringify(name)}.`);
  return command;
}

/** Help and version need no service and no settings; undefined when the line asks for neither. */
function helpText(line: CommandLine): string | undefined {
  if (line.values.version === true) return `energy-tray ${VERSION}`;
  if (line.command === 'help') {
    const [topic, ...extra] = line.positionals;
    if (extra.length > 0) throw usageError('help takes at most one command name.');
    return topic === undefined ? usageText() : commandHelp(commandNamed(topic));
  }
  if (line.values.help === true) return line.command === undefined ? usageText() : commandHelp(commandNamed(line.command));
  return undefined;
}

/** Runs one command line and returns the exit code; nothing here calls process.exit. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let close: (() => Promise<void>) | undefined;
  // Known before parsing, so that even a line that cannot be parsed fails as JSON.
  let json = argv.includes('--json');
  try {
    const line = parseCommandLine(argv);
    json = line.values.json === true;
    const help = helpText(line);
    if (help !== undefined) {
      io.writeOut(`${help}\n`);
      return 0;
    }
    if (line.command === undefined) throw usageError('No command given.');
    const command = commandNamed(line.command);
    checkShape(command, line);
    const opened = openContext(line.positionals, line.values, io);
    close = opened.close;
    const result = await command.run(opened.context);
    if (result.silent !== true) io.writeOut(json ? `${jsonForTerminal(result.json)}\n` : `${result.text}\n`);
    if (result.failure !== undefined) {
      io.writeErr(failureText({ exitCode: 1, kind: 'order_failed', message: result.failure, httpStatus: null }, json));
      return 1;
    }
    return 0;
  } catch (err) {
    const failure = toFailure(err);
    io.writeErr(failureText(failure, json));
    return failure.exitCode;
  } finally {
    await close?.();
  }
}
