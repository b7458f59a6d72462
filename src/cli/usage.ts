import { GLOBAL_OPTIONS } from './args.ts';
import type { OptionName } from './args.ts';
import type { Command } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { DEFAULT_MAX_WAIT_TEXT } from './duration.ts';
import { EXIT_MEANINGS, EXIT_TABLE } from './exit-codes.ts';
import { ENV_LANG, LANGUAGE_LIST, t } from './i18n.ts';
import { OPTION_HELP, optionLabel, optionText } from './option-help.ts';
import { commandLine } from './program.ts';
import { ENV_BASE_URL, ENV_KEY, ENV_NODE_KEY, ENV_NODE_URL, ENV_SECRET } from './env-names.ts';

function optionLines(names: readonly OptionName[], notes: Command['optionNotes'] = {}): string[] {
  const labels = names.map(optionLabel);
  const width = Math.max(...labels.map((l) => l.length));
  return names.map((name, i) => `  ${(labels[i] ?? '').padEnd(width)}  ${optionText(notes[name] ?? OPTION_HELP[name].text)}`);
}

const capitalized = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Every exit code of the table (exit-codes.ts), one a line, with what it means. */
function exitCodeLines(): string[] {
  const width = Math.max(...EXIT_TABLE.map(({ code }) => String(code).length));
  return EXIT_TABLE.map(({ name, code }) => `  ${String(code).padStart(width)}  ${t(EXIT_MEANINGS[name])}`);
}

/** The general usage: every command with its synopsis, the global options, credentials, languages and exit codes. */
export function usageText(): string {
  return [
    t('usage.title'),
    '',
    t('usage.usage', { line: commandLine(t('usage.synopsis')) }),
    t('usage.helpLine', { help: commandLine('help <command>'), flag: commandLine('<command> --help') }),
    `       ${commandLine('--version')}`,
    '',
    t('usage.commands'),
    ...COMMANDS.flatMap((c) => [`  ${`${c.name} ${c.synopsis}`.trimEnd()}`, `      ${t(c.summary)}`]),
    '',
    t('usage.globalOptions'),
    ...optionLines(GLOBAL_OPTIONS),
    '',
    t('usage.credentials', { envKey: ENV_KEY, envSecret: ENV_SECRET, envBaseUrl: ENV_BASE_URL }),
    t('usage.node', { envNodeUrl: ENV_NODE_URL, envNodeKey: ENV_NODE_KEY }),
    t('usage.language', { envLang: ENV_LANG, languages: LANGUAGE_LIST }),
    '',
    t('usage.exitCodes'),
    ...exitCodeLines(),
  ].join('\n');
}

/** `help <command>` and `<command> --help`: synopsis, what it does, every option it accepts, an example. */
export function commandHelp(command: Command): string {
  const ownOptions = command.options;
  return [
    t('usage.commandUsage', { line: commandLine(`${command.name} ${command.synopsis}`.trimEnd()) }),
    '',
    t('usage.sentence', { text: capitalized(t(command.summary)) }),
    ...(command.details ?? []).map((key) =>
      t(key, { maxWait: DEFAULT_MAX_WAIT_TEXT, envKey: ENV_KEY, envSecret: ENV_SECRET, envBaseUrl: ENV_BASE_URL }),
    ),
    '',
    ...(ownOptions.length === 0 ? [] : [t('usage.options'), ...optionLines(ownOptions, command.optionNotes), '']),
    t('usage.globalOptions'),
    ...optionLines(GLOBAL_OPTIONS, command.optionNotes),
    '',
    t('usage.example'),
    `  ${commandLine(command.example)}`,
  ].join('\n');
}
