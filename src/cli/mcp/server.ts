import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { NAME_MAX, oneLineName } from '../../shared/user-names.ts';
import type { CommandContext } from '../context.ts';
import { toFailure } from '../failure.ts';
import { t } from '../i18n.ts';
import { commandLine } from '../program.ts';
import { VERSION } from '../version.ts';
import { elicitationConfirmation } from './confirmation.ts';
import { McpSession } from './mcp-session.ts';
import { registerPaidTools } from './paid-tools.ts';
import { PurchaseRefusal } from './purchase-plan.ts';
import { AssistantPurchases } from './purchase.ts';
import { registerReadTools, type Guard } from './read-tools.ts';
import { registerResourcesAndPrompt } from './resources-and-prompt.ts';
import { toolInputs } from './tool-schemas.ts';
import { fail } from './tool-output.ts';
import { m } from './words.ts';

/** The MCP client's name as Energy Tray records it: on one line, capped, never empty (it is shown quoted). */
export function clientLabel(name: string | undefined): string {
  const clean = oneLineName(name ?? '').trim().slice(0, NAME_MAX.assistantClient);
  return clean === '' ? 'MCP client' : clean;
}

/**
 * `energy-tray mcp`: an MCP server over stdio (the official TypeScript SDK;
 * it answers the protocol version the client asks for, 2025-06-18 or newer
 * with the SDK's latest) on the same core and credentials as the CLI. stdout
 * carries the protocol only; notes go to stderr. Every message it writes
 * passes through the secret scrub (the key and secret in use replaced), the
 * last line of defence behind the rule that no secret is put in a result, an
 * error or a log. Ends when the client closes stdin (or on SIGTERM/SIGINT),
 * after the tool calls under way have answered.
 */
export async function serveMcp(ctx: CommandContext): Promise<void> {
  const session = new McpSession(ctx);
  // eslint-disable-next-line no-restricted-syntax -- the product's name, the same in every language
  const serverInfo = { name: 'energy-tray', title: 'Energy Tray', version: VERSION };
  const server = new McpServer(serverInfo, { capabilities: { logging: {} }, instructions: m('server.instructions') });
  const confirmation = elicitationConfirmation(server.server);
  const purchases = new AssistantPurchases({ session, confirmation, client: () => clientLabel(server.server.getClientVersion()?.name) });
  const underWay = new Set<Promise<CallToolResult>>();
  const scrub = (text: string): string => session.secrets.scrub(text);
  const words = (err: unknown): string => {
    if (err instanceof PurchaseRefusal) return err.message;
    const failure = toFailure(err);
    if (failure.kind !== 'internal') return failure.message;
    ctx.io.writeErr(`${scrub(failure.stack ?? failure.message)}\n`);
    return m('internal');
  };
  const guard: Guard = (handler) => async (args) => {
    const call = handler(args).catch((err: unknown) => fail(words(err)));
    underWay.add(call);
    try {
      return await call;
    } finally {
      underWay.delete(call);
    }
  };
  const inputs = toolInputs();
  registerReadTools(server, session, inputs, guard);
  registerPaidTools(server, session, purchases, inputs, guard);
  registerResourcesAndPrompt(server, session, (err) => new Error(words(err)));

  const transport = new StdioServerTransport(process.stdin, process.stdout);
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage) => send(JSON.parse(scrub(JSON.stringify(message))) as JSONRPCMessage);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  const stop = (): void => void server.close().catch(() => undefined);
  process.stdin.once('end', stop);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await server.connect(transport);
  ctx.notify('note', t('mcp.started', { program: commandLine('mcp'), version: VERSION }));
  await closed;
  await Promise.allSettled([...underWay]);
  await purchases.close();
  await session.close();
}
