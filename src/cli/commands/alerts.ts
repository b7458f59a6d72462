import type { CommandCode } from '../command.ts';

export const alertsTest: CommandCode = {
  run: async () => ({ json: null, text: '' }),
};
