import type { CommandCode } from '../command.ts';

/**
 * `energy-tray mcp`: the MCP server (src/cli/mcp/server.ts), loaded only when
 * this command runs: help, --version and every other command never load the
 * MCP SDK (bench cli_startup_ratio).
 */
export const mcp: CommandCode = {
  run: async (ctx) => {
    const { serveMcp } = await import('../mcp/server.ts');
    await serveMcp(ctx);
    return { json: null, text: '', silent: true };
  },
};
