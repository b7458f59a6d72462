import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { tronAddressProblem } from '../../core/base/tron-address.ts';
import type { McpSession } from './mcp-session.ts';
import { walletsJson } from './readings.ts';
import { orderJson } from './tool-output.ts';
import { m } from './words.ts';

/** How many orders energy-tray://orders/recent holds. */
const RECENT_ORDERS = 20;

/** A prompt's argument: a TRON address, checked before the prompt is made. */
const promptAddress = (description: string) =>
  z
    .string()
    .max(128)
    .superRefine((text, ctx) => {
      const problem = tronAddressProblem(text.trim());
      if (problem !== null) ctx.addIssue({ code: 'custom', message: m('invalid.address', { problem }) });
    })
    .describe(description);

/**
 * The two resources (the watched wallets with their energy now, the newest
 * orders with who placed them) and the one prompt, prepare_usdt_transfer,
 * that walks an assistant through estimate → top up (within the allowance)
 * → "now send". `fail` turns an error into the words the client is told.
 */
export function registerResourcesAndPrompt(server: McpServer, session: McpSession, fail: (err: unknown) => Error): void {
  const json = (uri: URL, value: unknown) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value) }] });

  server.registerResource(
    'wallets',
    'energy-tray://wallets',
    { title: m('tools.listWallets.title'), description: m('resources.wallets'), mimeType: 'application/json' },
    async (uri) => {
      try {
        return json(uri, { wallets: await walletsJson(session) });
      } catch (err) {
        throw fail(err);
      }
    },
  );

  server.registerResource(
    'recent-orders',
    'energy-tray://orders/recent',
    { title: m('tools.listOrders.title'), description: m('resources.orders'), mimeType: 'application/json' },
    async (uri) => {
      try {
        const page = (await session.journal()).history.page({}, 0, RECENT_ORDERS);
        return json(uri, { orders: page.rows.map((r) => orderJson(r.order)), total: page.total });
      } catch (err) {
        throw fail(err);
      }
    },
  );

  server.registerPrompt(
    'prepare_usdt_transfer',
    {
      title: m('prompt.title'),
      description: m('prompt.description'),
      argsSchema: {
        from: promptAddress(m('prompt.from')),
        to: promptAddress(m('prompt.to')),
        amount: z
          .string()
          .max(32)
          .regex(/^\s*\d{1,12}(\.\d{1,6})?\s*$/, m('invalid.amount'))
          .describe(m('prompt.amount')),
      },
    },
    ({ from, to, amount }) => ({
      description: m('prompt.description'),
      messages: [
        { role: 'user', content: { type: 'text', text: m('prompt.text', { from: from.trim(), to: to.trim(), amount: amount.trim() }) } },
      ],
    }),
  );
}
