import { ENV_BASE_URL, ENV_KEY, ENV_SECRET, ENV_TIMEOUT } from './access.ts';
import { COMMANDS } from './commands/index.ts';

export function usageText(): string {
  const lines = COMMANDS.map((c) => [`${c.name} ${c.synopsis}`.trimEnd(), c.summary] as const);
  const width = Math.max(...lines.map(([s]) => s.length));
  return [
    'Energy Tray command line',
    '',
    'usage: npm run -s cli -- <command> [arguments] [--json] [--base-url URL] [--timeout MS] [--profile NAME]',
    '',
    'commands:',
    ...lines.map(([synopsis, summary]) => `  ${synopsis.padEnd(width)}  ${summary}`),
    `  ${'help'.padEnd(width)}  this text (also --help)`,
    '',
    'options:',
    '  --json           print exactly one JSON value: the data the service returned',
    `  --base-url URL   service address ending in /v2 (else ${ENV_BASE_URL}, else the saved login's)`,
    `  --timeout MS     overall deadline of each call (else ${ENV_TIMEOUT}; default 15000)`,
    '  --profile NAME   use (or, for login, create) this saved profile instead of the active one',
    '',
    `credentials: ${ENV_KEY} and ${ENV_SECRET} when both are set, else the keychain entry saved by`,
    '  `login` or by the app. login reads the key and the secret from stdin (two lines).',
    '',
    'exit codes: 0 success, 1 other failure (including a failed watched order), 2 invalid input or usage,',
    '  3 authentication or missing credentials, 4 forbidden or insufficient balance, 5 not found,',
    '  6 server error, timeout, network problem or unreadable reply',
  ].join('\n');
}
