import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { localDateStart, periodKey } from '../../core/base/calendar-period.ts';
import { parseDecimalToUnits, unitsToDecimalString } from '../../core/base/money.ts';
import { transferNeed } from '../../core/wallets/transfer-need.ts';
import { transfersCovered } from '../../core/wallets/need-estimate.ts';
import { energyPerTransfer } from '../../core/wallets/watched-wallet.ts';
import { typicalEnergyPerTransfer } from '../../core/wallets/transfer-need.ts';
import { allowanceOf } from '../../core/assistant/allowance.ts';
import { spendStatus, startOfLocalDay } from '../../core/orders/spend-limit.ts';
import type { McpSession } from './mcp-session.ts';
import type { ToolInputs } from './tool-schemas.ts';
import { fail, ok, orderJson, outputs, sunFields } from './tool-output.ts';
import { m } from './words.ts';
import { burnOf, walletsJson } from './readings.ts';

/** A tool's handler, run with the failure mapping and the secret scrub around it (server.ts). */
export type Guard = <A>(handler: (args: A) => Promise<CallToolResult>) => (args: A) => Promise<CallToolResult>;

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const;
const LOCAL = { ...READ, openWorldHint: false } as const;

/** The start of today, this week (Monday) or this month, local time. */
function periodStart(period: 'today' | 'week' | 'month', now: number): number {
  if (period === 'today') return startOfLocalDay(now);
  const key = periodKey(now, period === 'week' ? 'week' : 'month');
  return localDateStart(period === 'week' ? key : `${key}-01`) ?? startOfLocalDay(now);
}

/** The tools that read and cost nothing: readOnlyHint, JSON Schema input, structured output. */
export function registerReadTools(server: McpServer, session: McpSession, inputs: ToolInputs, guard: Guard): void {
  const tool = <S extends z.ZodType, O extends z.ZodObject>(
    name: string,
    words: { title: string; description: string },
    inputSchema: S,
    outputSchema: O,
    annotations: typeof READ | typeof LOCAL,
    handler: (args: z.output<S>) => Promise<CallToolResult>,
  ): void => {
    server.registerTool(
      name,
      { ...words, inputSchema, outputSchema, annotations: { title: words.title, ...annotations } },
      guard(handler) as never,
    );
  };

  tool(
    'get_balance',
    { title: m('tools.getBalance.title'), description: m('tools.getBalance.description') },
    inputs.empty,
    outputs.balance,
    READ,
    async () => {
      const { api } = await session.connect();
      const { data } = await api.userInfo();
      return ok({ trx: sunFields(data.trxSun), usdt_micros: data.usdtMicros.toString(), usdt: unitsToDecimalString(data.usdtMicros) });
    },
  );

  tool(
    'list_wallets',
    { title: m('tools.listWallets.title'), description: m('tools.listWallets.description') },
    inputs.empty,
    outputs.wallets,
    READ,
    async () => ok({ wallets: await walletsJson(session) }),
  );

  tool(
    'get_wallet_resources',
    { title: m('tools.getWalletResources.title'), description: m('tools.getWalletResources.description') },
    inputs.walletResources,
    outputs.resources,
    READ,
    async (args) => {
      const address = args.address.trim();
      const [account, watched] = await Promise.all([(await session.node()).readAccount(address), session.watched().catch(() => [])]);
      const wallet = watched.find((w) => w.address === address);
      const perTransfer = wallet ? energyPerTransfer(wallet) : typicalEnergyPerTransfer('holder');
      const { energy, bandwidth: b } = account;
      return ok({
        address: account.address,
        activated: account.activated,
        trx: sunFields(account.trxSun),
        energy: { limit: Number(energy.limit), used: Number(energy.used), available: Number(energy.available) },
        bandwidth: {
          free_limit: Number(b.freeLimit),
          free_used: Number(b.freeUsed),
          limit: Number(b.limit),
          used: Number(b.used),
          available: Number(b.available),
        },
        energy_per_transfer: Number(perTransfer),
        transfers_covered: Number(transfersCovered(energy.available, perTransfer)),
        watched: wallet !== undefined,
      });
    },
  );

  tool(
    'estimate_transfer',
    { title: m('tools.estimateTransfer.title'), description: m('tools.estimateTransfer.description') },
    inputs.estimateTransfer,
    outputs.estimate,
    READ,
    async (args) => {
      const [from, to] = [args.from.trim(), args.to.trim()];
      const amount = args.amount === undefined ? undefined : parseDecimalToUnits(args.amount.trim());
      const client = await session.node();
      const [dryRun, reading, fees] = await Promise.all([
        client.estimateTransfer(from, to, amount),
        client.readResources(from),
        client.chainFees(),
      ]);
      const need = transferNeed({ reading, energyPerTransfer: dryRun.energy, fees, bandwidthPerTransfer: dryRun.bandwidth });
      return ok({
        from,
        to,
        recipient_holds_usdt: dryRun.recipientHoldsUsdt,
        energy: Number(dryRun.energy),
        energy_penalty: Number(dryRun.energyPenalty),
        bandwidth: Number(dryRun.bandwidth),
        available_energy: Number(need.availableEnergy),
        available_bandwidth: Number(reading.bandwidth.available),
        missing_energy: Number(need.missingEnergy),
        energy_burn: sunFields(need.energyBurnSun),
        bandwidth_burn: sunFields(need.bandwidthBurnSun),
        total_burn: sunFields(need.energyBurnSun + need.bandwidthBurnSun),
      });
    },
  );

  tool(
    'quote',
    { title: m('tools.quote.title'), description: m('tools.quote.description') },
    inputs.quote,
    outputs.quote,
    READ,
    async (args) => {
      const { api } = await session.connect();
      const fast = args.fast_recover === true;
      const price = fast
        ? (await api.queryFastRecoverPrice(args.resource, args.count)).data
        : (await api.queryPrice({ type: args.resource, count: args.count, period: args.period ?? '' })).data;
      const burnSun = args.resource === 'energy' ? await burnOf(session, BigInt(args.count)).catch(() => null) : null;
      return ok({
        resource: args.resource,
        count: args.count,
        period: fast ? null : (args.period ?? null),
        fast_recover: fast,
        amount: sunFields(price.amountSun),
        unit_price_sun: String(price.unitPriceSun),
        burn: sunFields(burnSun),
        cheaper_than_burning: burnSun === null ? null : price.amountSun < burnSun,
      });
    },
  );

  tool(
    'list_orders',
    { title: m('tools.listOrders.title'), description: m('tools.listOrders.description') },
    inputs.listOrders,
    outputs.orders,
    LOCAL,
    async (args) => {
      const journal = await session.journal();
      const from = args.since === undefined ? undefined : (localDateStart(args.since) ?? undefined);
      if (args.since !== undefined && from === undefined) return fail(m('invalid.date'));
      const filter = {
        ...(args.status ? { states: args.status } : {}),
        ...(args.address ? { address: args.address.trim() } : {}),
        ...(from === undefined ? {} : { from }),
      };
      const page = journal.history.page(filter, 0, args.limit ?? 20);
      return ok({ orders: page.rows.map((r) => orderJson(r.order)), total: page.total });
    },
  );

  tool(
    'get_order',
    { title: m('tools.getOrder.title'), description: m('tools.getOrder.description') },
    inputs.getOrder,
    outputs.order,
    LOCAL,
    async (args) => {
      const journal = await session.journal();
      const found =
        journal.get(args.id) ??
        journal.history
          .page({ text: args.id }, 0, 5)
          .rows.map((r) => r.order)
          .find((o) => o.orderSn === args.id || String(o.orderId) === args.id);
      return found ? ok({ order: orderJson(found) }) : fail(m('notFound.order', { id: args.id }));
    },
  );

  tool(
    'get_spend',
    { title: m('tools.getSpend.title'), description: m('tools.getSpend.description') },
    inputs.getSpend,
    outputs.spend,
    LOCAL,
    async (args) => {
      const [journal, settings] = await Promise.all([session.journal(), session.settings()]);
      const now = Date.now();
      const since = periodStart(args.period, now);
      const today = spendStatus(journal, BigInt(settings.dailyLimitSun), now);
      return ok({
        period: args.period,
        since: new Date(since).toISOString(),
        spent: sunFields(journal.spentSince(since)),
        daily_limit: sunFields(today.limitSun),
        spent_today: sunFields(today.spentSun),
        left_today: sunFields(today.leftSun),
      });
    },
  );

  tool(
    'get_allowance',
    { title: m('tools.getAllowance.title'), description: m('tools.getAllowance.description') },
    inputs.empty,
    outputs.allowance,
    LOCAL,
    async () => {
      const [{ target }, journal, settings, watched] = await Promise.all([
        session.connect(),
        session.journal(),
        session.settings(),
        session.watched(),
      ]);
      const allowance = target.profileId === undefined ? null : allowanceOf(settings.assistantAllowances, target.profileId);
      const now = Date.now();
      const day = journal.assistant.assistantDay(startOfLocalDay(now));
      const limit = spendStatus(journal, BigInt(settings.dailyLimitSun), now);
      const left = allowance === null ? 0n : allowance.dailySun > day.spentSun ? allowance.dailySun - day.spentSun : 0n;
      return ok({
        enabled: allowance !== null,
        per_day: sunFields(allowance?.dailySun ?? 0n),
        per_order: sunFields(allowance?.perOrderSun ?? 0n),
        addresses: allowance === null || allowance.watchedOnly ? 'watched' : [...allowance.addresses],
        watched_wallets: watched.map((w) => w.address),
        spent_today: sunFields(day.spentSun),
        left_today: sunFields(left < limit.leftSun ? left : limit.leftSun),
        orders_today: day.orders,
        daily_limit: sunFields(limit.limitSun),
        daily_limit_left: sunFields(limit.leftSun),
      });
    },
  );
}
