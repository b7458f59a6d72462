import { ENV_BASE_URL, ENV_KEY, ENV_SECRET } from './access.ts';
import { GLOBAL_OPTIONS } from './args.ts';
import type { OptionName } from './args.ts';
import type { Command } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { OPTION_HELP, optionLabel } from './option-help.ts';
import { commandLine } from './program.ts';
import { ENV_NODE_KEY, ENV_NODE_URL } from './node-access.ts';

function optionLines(names: readonly OptionName[], notes: Command['optionNotes'] = {}): string[] {
  const labels = names.map(optionLabel);
  const width = Math.max(...labels.map((l) => l.length));
  return names.map((name, i) => `  ${(labels[i] ?? '').padEnd(width)}  ${notes[name] ?? OPTION_HELP[name].text}`);
}

const EXIT_CODES = [
  'exit codes: 0 success, 1 other failure (a failed watched order, a declined confirmation), 2 invalid input or usage',
  '  (nothing sent), 3 authentication or missing credentials, 4 forbidden or insufficient balance, 5 not found,',
  '  6 server error, timeout, network problem, unreadable reply, or a watch still running at --max-wait',
];

/** The general usage: every command with its synopsis, the global options, credentials and exit codes. */
export function usageText(): string {
  return [
    'Energy Tray command line',
    '',
    `usage: ${commandLine('<command> [arguments] [options]')}`,
    `       ${commandLine('help <command>')}   (or ${commandLine('<command> --help')}): that command's options and an example`,
    `       ${commandLine('--version')}`,
    '',
    'commands:',
    ...COMMANDS.flatMap((c) => [`  ${`${c.name} ${c.synopsis}`.trimEnd()}`, `      ${c.summary}`]),
    '',
    'options of every command:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    `credentials: ${ENV_KEY} and ${ENV_SECRET} when both are set (sent to any base URL), else the keychain entry`,
    `  saved by \`login\` or by the app, sent only to its profile's base URL (--base-url or ${ENV_BASE_URL} elsewhere: exit 3).`,
    `TRON node (resources, estimate): --node-url, else ${ENV_NODE_URL}, else the app's setting, else https://api.trongrid.io;`,
    `  provider key from ${ENV_NODE_KEY}, else the keychain entry the app saved for that node. No service credentials needed.`,
    '',
    ...EXIT_CODES,
  ].join('\n');
}

/** `help <command>` and `<command> --help`: synopsis, what it does, every option it accepts, an example. */
export function commandHelp(command: Command): string {
  const ownOptions = command.options;
  return [
    `usage: ${commandLine(`${command.name} ${command.synopsis}`.trimEnd())} [options]`,
    '',
    `${command.summary.charAt(0).toUpperCase()}${command.summary.slice(1)}.`,
    ...(command.details ?? []),
    '',
    ...(ownOptions.length === 0 ? [] : ['options:', ...optionLines(ownOptions, command.optionNotes), '']),
    'options of every command:',
    ...optionLines(GLOBAL_OPTIONS, command.optionNotes),
    '',
    'example:',
    `  ${commandLine(command.example)}`,
  ].join('\n');
}
