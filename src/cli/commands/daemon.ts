import type { CommandCode, CommandResult } from '../command.ts';

export const daemon: CommandCode = {
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
      ...(ctx.values.config === undefined ? {} : { configFile: ctx.values.config }),
      ...(ctx.values.metrics === undefined ? {} : { metricsFlag: ctx.values.metrics }),
    });
    return { json: null, text: '', silent: true };
  },
};
