import { parseCommandLine, GLOBAL_OPTIONS } from './args.ts';
import type { CommandLine, OptionName } from './args.ts';
import { CliError, usageError } from './cli-error.ts';
import type { Command } from './command.ts';
import { COMMAND_NAMES, findCommand, withSubcommand } from './commands/index.ts';
import type { CliIo } from './context.ts';
import { jsonForTerminal } from '../core/base/http/server-text.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import { cliFailure, failureText, type Failure } from './failure-text.ts';
import { withSuggestion } from './suggest.ts';
import { VERSION } from './version.ts';
import { chooseCliLanguage, LANGUAGE_LIST, setCliLanguage, t } from './i18n.ts';

/**
 * What a run loads is what its line needs: help, --version and a usage error
 * load no command's code, no service client and none of the core (the
 * command's module, its context and the core's error mapping are imported on
 * use below), so that every run, cron's and scripts' included, starts fast.
 */

function checkShape(command: Command, line: CommandLine): void {
  const given = (Object.keys(line.values) as OptionName[]).filter((name) => line.values[name] !== undefined);
  for (const name of given) {
    if (!GLOBAL_OPTIONS.includes(name) && !command.options.includes(name)) {
      throw usageError(t('errors.optionNotTaken', { command: command.name, option: `--${name}` }), command.name);
    }
  }
  // A name ending in "?" may be left out (rules pause NAME | --all).
  const required = command.positionals.filter((p) => !p.endsWith('?')).length;
  if (line.positionals.length < required || line.positionals.length > command.positionals.length) {
    const usage = `${command.name} ${command.synopsis}`.trimEnd();
    const wanted = command.positionals.map((p) => (p.endsWith('?') ? `[${p.slice(0, -1)}]` : `<${p}>`)).join(' ');
    const message =
      command.positionals.length === 0
        ? t('errors.takesNoArguments', { command: command.name, usage })
        : t('errors.needsArguments', { command: command.name, count: command.positionals.length, wanted, usage });
    throw usageError(message, command.name);
  }
}

function commandNamed(name: string): Command {
  const command = findCommand(name);
  if (!command) {
    const message = t('errors.unknownCommand', { name: JSON.stringify(name) });
    throw usageError(withSuggestion(message, name, [...COMMAND_NAMES, 'help']));
  }
  return command;
}

/** Help and version need no service and no settings; undefined when the line asks for neither. */
async function helpText(line: CommandLine): Promise<string | undefined> {
  if (line.values.version === true) return `energy-tray ${VERSION}`;
  const asked = line.command === 'help' ? line.positionals : line.values.help === true ? [line.command] : undefined;
  if (asked === undefined) return undefined;
  const topic = asked.length === 2 && findCommand(asked.join(' ')) ? [asked.join(' ')] : asked;
  if (topic.length > 1) throw usageError(t('errors.helpTakesOne'));
  const command = topic[0] === undefined ? undefined : commandNamed(topic[0]);
  const { commandHelp, usageText } = await import('./usage.ts');
  return command === undefined ? usageText() : commandHelp(command);
}

/** The CLI's own failures are worded already; anything else goes through the core's error mapping (failure.ts). */
async function failureOf(err: unknown): Promise<Failure> {
  if (err instanceof CliError) return cliFailure(err);
  const { toFailure } = await import('./failure.ts');
  return toFailure(err);
}

/** Runs one command line and returns the exit code; nothing here calls process.exit. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  let close: (() => Promise<void>) | undefined;
  // Known before parsing, so that even a line that cannot be parsed fails as JSON.
  let json = argv.includes('--json');
  const { language, problem } = chooseCliLanguage(argv, io.env);
  setCliLanguage(language);
  try {
    if (problem !== undefined) {
      const words = { source: problem.source, value: JSON.stringify(problem.value), languages: LANGUAGE_LIST };
      throw usageError(t('errors.unknownLanguage', words));
    }
    const line = withSubcommand(parseCommandLine(argv));
    json = line.values.json === true;
    const help = await helpText(line);
    if (help !== undefined) {
      io.writeOut(`${help}\n`);
      return EXIT.success;
    }
    if (line.command === undefined) throw usageError(t('errors.noCommand'));
    const command = commandNamed(line.command);
    checkShape(command, line);
    const [code, { openContext }] = await Promise.all([command.load(), import('./context.ts')]);
    const opened = openContext(line.positionals, line.values, io);
    close = opened.close;
    const result = await code.run(opened.context);
    if (result.silent !== true) io.writeOut(json ? `${jsonForTerminal(result.json)}\n` : `${result.text}\n`);
    if (result.failure !== undefined) {
      io.writeErr(failureText({ exitCode: EXIT.failure, kind: 'order_failed', message: result.failure, httpStatus: null }, json));
      return EXIT.failure;
    }
    return EXIT.success;
  } catch (err) {
    const failure = await failureOf(err);
    io.writeErr(failureText(failure, json));
    return failure.exitCode;
  } finally {
    await close?.();
  }
}
