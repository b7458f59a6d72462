import type { Command, CommandResult } from '../command.ts';
import { ENV_BASE_URL, ENV_KEY, ENV_SECRET } from '../access.ts';

export const daemon: Command = {
  name: 'daemon',
  synopsis: '[--profile NAME] [--once]',
  summary: 'run the app’s core headless on a server: watched wallets, open orders, notifications as JSON log lines',
  details: [
    'Runs one profile (its watched wallets, limits and order history, as the app saved them) without a desktop until',
    'SIGTERM or SIGINT: log lines on stdout, one JSON object each (time, level, event, fields; amounts in SUN as strings).',
    `Credentials: ${ENV_KEY} and ${ENV_SECRET} (with ${ENV_BASE_URL} for another address), else the profile’s keychain entry.`,
    'Nothing is ever approved headless; the app and the daemon never run one profile at once (a lock names the holder).',
    'Exit codes: 0 stopped cleanly; 10 no such profile; 11 no credentials; 12 keychain locked or unavailable; 13 bad base URL;',
    '14 no watched wallets; 15 profile in use by another process; 16 --once could not complete its round; 2 bad command line.',
  ],
  positionals: [],
  options: ['once'],
  example: 'daemon --profile Server --once',
  run: async (ctx): Promise<CommandResult> => {
    // Loaded on use: the app's whole core would slow every other command's start.
    const { runDaemon } = await import('../daemon/run-daemon.ts');
    await runDaemon({
      env: ctx.io.env,
      profileName: ctx.values.profile,
      baseUrlFlag: ctx.values['base-url'],
      once: ctx.values.once === true,
      userData: ctx.userData,
      settings: ctx.settings,
      keychain: ctx.store,
      timeoutMs: ctx.timeoutMs,
    });
    return { json: null, text: '', silent: true };
  },
};
