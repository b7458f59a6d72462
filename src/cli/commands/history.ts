import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { localDateStart, nextLocalDay, periodKey, type CalendarPeriod } from '../../core/base/calendar-period.ts';
import { formatTrx } from '../../core/base/money.ts';
import { ordersToCsv, totalsToCsv } from '../../core/orders/order-csv.ts';
import type { OrderFilter } from '../../core/orders/order-history.ts';
import { JOURNAL_FILE_NAME, ORDER_DB_FILE_NAME, type OrderJournal } from '../../core/orders/order-journal.ts';
import { parseStoredRules } from '../../core/rules/rule.ts';
import { StoredDecisionLog } from '../../core/rules/stored-decision-log.ts';
import { orderRecord, totalRecord } from '../../core/orders/order-record.ts';
import { ORDER_STATES, type OrderState, type TrackedOrder } from '../../core/orders/order-types.ts';
import { envCredentialsSet, envValue, ENV_BASE_URL } from '../access.ts';
import { usageError } from '../cli-error.ts';
import { ordersDirFor } from '../cli-orders.ts';
import type { Command, CommandResult } from '../command.ts';
import type { CommandContext } from '../context.ts';
import { chosenProfile } from '../profiles.ts';
import { columnsTable } from '../table.ts';

const PERIODS: readonly CalendarPeriod[] = ['day', 'week', 'month'];

function dateOption(ctx: CommandContext, name: 'since' | 'until'): number | undefined {
  const text = ctx.values[name];
  if (text === undefined) return undefined;
  const start = localDateStart(text);
  if (start === null) throw usageError(`--${name} must be a date written YYYY-MM-DD, got ${JSON.stringify(text)}.`, 'history');
  return name === 'until' ? nextLocalDay(start) : start;
}

function statusOption(ctx: CommandContext): OrderState[] | undefined {
  const text = ctx.values.status;
  if (text === undefined) return undefined;
  const states = text.split(',').map((s) => s.trim().toLowerCase());
  const unknown = states.filter((s) => !(ORDER_STATES as readonly string[]).includes(s));
  if (unknown.length > 0 || states.length === 0) {
    throw usageError(`--status takes ${ORDER_STATES.join(', ')} (comma-separated), got ${JSON.stringify(text)}.`, 'history');
  }
  return states as OrderState[];
}

/**
 * The store the paid commands of the same command line journal to, found
 * without reading any credential: environment credentials with an address of
 * their own use cli-orders/; otherwise --profile, else the active profile.
 */
async function storeDir(ctx: CommandContext): Promise<string> {
  const override = ctx.values['base-url'] !== undefined || envValue(ctx.io.env, ENV_BASE_URL) !== undefined;
  if (envCredentialsSet(ctx.io.env) && override) return ordersDirFor(ctx.userData, undefined);
  const profile = await chosenProfile(ctx.settings, ctx.values.profile);
  if (ctx.values.profile !== undefined && !profile) throw usageError(`No saved profile named ${JSON.stringify(ctx.values.profile)}.`, 'history');
  return ordersDirFor(ctx.userData, profile?.id);
}

const none = (value: string | null): string => value ?? '—';

interface RuleDecision {
  ruleId: string;
  rule: string;
  detail: string;
}

/** For the orders a rule placed: the rule's name and the decision that placed it (one indexed lookup each). */
function ruleDecisions(journal: OrderJournal, orders: readonly TrackedOrder[], stored: readonly unknown[]): Map<string, RuleDecision> {
  const names = new Map(parseStoredRules(stored).rules.map((r) => [r.id, r.name]));
  const log = new StoredDecisionLog(journal.rules);
  const found = new Map<string, RuleDecision>();
  for (const order of orders) {
    if (!order.ruleId) continue;
    // The buy is recorded as its order is placed: a range of the rule's decisions, not the whole table.
    const decision = log.list({ ruleId: order.ruleId, orderLocalId: order.localId, kinds: ['buy'], before: order.createdAt + 60_000, limit: 1 })[0];
    found.set(order.localId, { ruleId: order.ruleId, rule: names.get(order.ruleId) ?? 'a deleted rule', detail: decision?.detail ?? 'no decision recorded' });
  }
  return found;
}

function orderRow(o: TrackedOrder): string[] {
  const what = o.count === null ? o.kind : `${o.kind} ${o.count.toLocaleString('en-US')}${o.period ? ` ${o.period}` : ''}`;
  const cost = o.chargedSun ?? o.quotedSun;
  return [new Date(o.createdAt).toLocaleString(), what, o.state, cost === null ? '—' : formatTrx(cost), none(o.orderSn ?? (o.orderId === null ? null : String(o.orderId))), o.address];
}

export const history: Command = {
  name: 'history',
  synopsis: '[--since DATE] [--until DATE] [--status S] [--totals day|week|month] [--csv]',
  summary: 'orders placed from this computer (app and CLI), oldest first, or spend totals; from the order store, no service call',
  details: [
    "Reads the profile's order store (the one the app and the paid commands journal to): --profile, else the active one;",
    'with credentials and an address from the environment, the store of such orders. Amounts are exact: --json and --csv',
    'give integer SUN and TRX as decimal strings. Spent counts orders under way and succeeded (charged, else quoted);',
    'orders with an unknown outcome are counted apart; failed ones not at all.',
  ],
  positionals: [],
  options: ['since', 'until', 'status', 'totals', 'csv'],
  example: 'history --since 2025-01-01 --status succeeded --csv',
  run: async (ctx): Promise<CommandResult> => {
    if (ctx.values.csv === true && ctx.json) throw usageError('Choose one of --csv and --json.', 'history');
    const period = ctx.values.totals;
    if (period !== undefined && !(PERIODS as readonly string[]).includes(period)) throw usageError(`--totals takes day, week or month, got ${JSON.stringify(period)}.`, 'history');
    const states = statusOption(ctx);
    const from = dateOption(ctx, 'since');
    const to = dateOption(ctx, 'until');
    const filter: OrderFilter = { ...(states ? { states } : {}), ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
    const dir = await storeDir(ctx);
    // Nothing journaled here yet: no store is created just to read it.
    const empty = !existsSync(join(dir, ORDER_DB_FILE_NAME)) && !existsSync(join(dir, JOURNAL_FILE_NAME));
    const journal = empty ? null : await ctx.orders(dir);
    if (period !== undefined) {
      const totals = journal ? journal.history.totals(filter, (at) => periodKey(at, period as CalendarPeriod)) : [];
      if (ctx.values.csv === true) return { json: null, text: totalsToCsv(totals).replace(/\n$/, '') };
      const rows = totals.map((t) => [t.period, t.orders.toLocaleString('en-US'), formatTrx(t.spentSun), t.uncertainSun === 0n ? '—' : formatTrx(t.uncertainSun)]);
      return { json: totals.map(totalRecord), text: totals.length === 0 ? 'No orders.' : columnsTable([period, 'orders', 'spent', 'outcome unknown'], rows) };
    }
    const orders = journal ? [...journal.history.orders(filter)] : [];
    if (ctx.values.csv === true) return { json: null, text: ordersToCsv(orders, true).replace(/\n$/, '') };
    const text = orders.length === 0 ? 'No orders.' : columnsTable(['created', 'order', 'state', 'cost', 'serial / id', 'address'], orders.map(orderRow));
    const why = journal ? ruleDecisions(journal, orders, (await ctx.settings.load()).settings.rules) : new Map<string, RuleDecision>();
    const notes = [...why.entries()].map(([localId, d]) => `auto top-up “${d.rule}” placed ${localId}: ${d.detail}`);
    return { json: orders.map((o) => ({ ...orderRecord(o), ...(why.has(o.localId) ? { autoTopUp: why.get(o.localId) } : {}) })), text: [text, ...notes].join('\n') };
  },
};
