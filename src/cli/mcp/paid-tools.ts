import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { AssistantPurchases } from './purchase.ts';
import { planFast, planTimed, planTopUp } from './purchase-plan.ts';
import type { McpSession } from './mcp-session.ts';
import type { Guard } from './read-tools.ts';
import type { ToolInputs } from './tool-schemas.ts';
import { outputs } from './tool-output.ts';
import { m } from './words.ts';

/**
 * The tools that spend money. destructiveHint (a purchase cannot be undone),
 * not idempotent (each call may buy), a required reason, and dry_run; each
 * description starts with what it costs. Every one goes through
 * AssistantPurchases: the allowance, the daily limit, the burn cost, one
 * purchase per address, the person's confirmation where the client can ask,
 * the intent journaled first and the request sent once.
 */
const PAID = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as const;

export function registerPaidTools(
  server: McpServer,
  session: McpSession,
  purchases: AssistantPurchases,
  inputs: ToolInputs,
  guard: Guard,
): void {
  const tool = <S extends z.ZodType>(
    name: string,
    words: { title: string; description: string },
    inputSchema: S,
    handler: (args: z.output<S>) => Promise<CallToolResult>,
  ): void => {
    server.registerTool(
      name,
      { ...words, inputSchema, outputSchema: outputs.purchase, annotations: { title: words.title, ...PAID } },
      guard(handler) as never,
    );
  };

  tool(
    'top_up_wallet',
    { title: m('tools.topUpWallet.title'), description: m('tools.topUpWallet.description') },
    inputs.topUpWallet,
    (args) => purchases.run(args.reason, args.dry_run === true, (api) => planTopUp(session, api, args.address.trim(), args.transfers)),
  );

  tool('buy_energy', { title: m('tools.buyEnergy.title'), description: m('tools.buyEnergy.description') }, inputs.buyEnergy, (args) =>
    purchases.run(args.reason, args.dry_run === true, (api) => planTimed(session, api, args.address.trim(), args.count, args.period)),
  );

  tool(
    'fast_recover',
    { title: m('tools.fastRecover.title'), description: m('tools.fastRecover.description') },
    inputs.fastRecover,
    (args) => purchases.run(args.reason, args.dry_run === true, (api) => planFast(session, api, args.address.trim(), args.count)),
  );
}
