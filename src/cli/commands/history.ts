import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { localDateStart, nextLocalDay, periodKey, type CalendarPeriod } from '../../core/base/calendar-period.ts';
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
import type { CommandCode, CommandResult } from '../command.ts';
import type { CommandContext } from '../context.ts';
import { chosenProfile } from '../profiles.ts';
import { columnsTable } from '../table.ts';
import { dateTime, num, t, trx, words } from '../i18n.ts';

const PERIODS: readonly CalendarPeriod[] = ['day', 'week', 'month'];

function dateOption(ctx: CommandContext, name: 'since' | 'until'): number | undefined {
  const text = ctx.values[name];
  if (text === undefined) return undefined;
  const start = localDateStart(text);
  if (start === null) throw usageError(t('history.dateFormat', { option: `--${name}`, got: JSON.stringify(text) }), 'history');
  return name === 'until' ? nextLocalDay(start) : start;
}

function statusOption(ctx: CommandContext): OrderState[] | undefined {
  const text = ctx.values.status;
  if (text === undefined) return undefined;
  const states = text.split(',').map((s) => s.trim().toLowerCase());
  const unknown = states.filter((s) => !(ORDER_STATES as readonly string[]).includes(s));
  if (unknown.length > 0 || states.length === 0) {
    throw usageError(t('history.statusValues', { states: ORDER_STATES.join(', '), got: JSON.stringify(text) }), 'history');
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
  if (ctx.values.profile !== undefined && !profile)
    throw usageError(t('profile.noProfileNamed', { name: JSON.stringify(ctx.values.profile) }), 'history');
  return ordersDirFor(ctx.userData, profile?.id);
}

const none = (value: string | null): string => value ?? '—';

interface RuleDecision {
  ruleId: string;
  rule: string;
  detail: string;
}

/** For the orders a rule placed: the rule's name and the decision that placed it (one indexed lookup each). */
/** The decision as --json keeps it (English), and `said`: the same in the chosen language, for the text. */
type WordedDecision = RuleDecision & { said: string };

function ruleDecisions(journal: OrderJournal, orders: readonly TrackedOrder[], stored: readonly unknown[]): Map<string, WordedDecision> {
  // The store's rules, then the settings file's not moved yet (a profile the app has not opened since the upgrade).
  const names = new Map(parseStoredRules([...journal.lists.rules.everyEntry(), ...stored]).items.map((r) => [r.id, r.name]));
  const log = new StoredDecisionLog(journal.rules);
  const found = new Map<string, WordedDecision>();
  for (const order of orders) {
    if (!order.ruleId) continue;
    // The buy is recorded as its order is placed: a range of the rule's decisions, not the whole table.
    const decision = log.list({
      ruleId: order.ruleId,
      orderLocalId: order.localId,
      kinds: ['buy'],
      before: order.createdAt + 60_000,
      limit: 1,
    })[0];
    const detail = decision?.detail ?? t('history.noDecision');
    // --json keeps the record's English detail; the text says it in the chosen language.
    const said = decision?.text ? words(decision.text) : detail;
    found.set(order.localId, { ruleId: order.ruleId, rule: names.get(order.ruleId) ?? t('history.deletedRule'), detail, said });
  }
  return found;
}

const periodHeading = (period: CalendarPeriod): string =>
  period === 'day' ? t('history.day') : period === 'week' ? t('history.week') : t('history.month');

function orderRow(o: TrackedOrder): string[] {
  const what = o.count === null ? o.kind : `${o.kind} ${num(o.count)}${o.period ? ` ${o.period}` : ''}`;
  const cost = o.chargedSun ?? o.quotedSun;
  return [
    dateTime(o.createdAt),
    what,
    o.state,
    cost === null ? '—' : trx(cost),
    none(o.orderSn ?? (o.orderId === null ? null : String(o.orderId))),
    o.address,
  ];
}

export const history: CommandCode = {
  run: async (ctx): Promise<CommandResult> => {
    if (ctx.values.csv === true && ctx.json) throw usageError(t('history.csvOrJson'), 'history');
    const period = ctx.values.totals;
    if (period !== undefined && !(PERIODS as readonly string[]).includes(period))
      throw usageError(t('history.totalsValues', { got: JSON.stringify(period) }), 'history');
    const states = statusOption(ctx);
    const from = dateOption(ctx, 'since');
    const to = dateOption(ctx, 'until');
    const filter: OrderFilter = {
      ...(states ? { states } : {}),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    };
    const dir = await storeDir(ctx);
    // Nothing journaled here yet: no store is created just to read it.
    const empty = !existsSync(join(dir, ORDER_DB_FILE_NAME)) && !existsSync(join(dir, JOURNAL_FILE_NAME));
    const journal = empty ? null : await ctx.orders(dir);
    if (period !== undefined) {
      const totals = journal ? journal.history.totals(filter, (at) => periodKey(at, period as CalendarPeriod)) : [];
      if (ctx.values.csv === true) return { json: null, text: totalsToCsv(totals).replace(/\n$/, '') };
      const rows = totals.map((row) => [
        row.period,
        num(row.orders),
        trx(row.spentSun),
        row.uncertainSun === 0n ? '—' : trx(row.uncertainSun),
      ]);
      const headers = [periodHeading(period as CalendarPeriod), t('history.orders'), t('history.spent'), t('history.outcomeUnknown')];
      return { json: totals.map(totalRecord), text: totals.length === 0 ? t('history.noOrders') : columnsTable(headers, rows) };
    }
    const orders = journal ? [...journal.history.orders(filter)] : [];
    if (ctx.values.csv === true) return { json: null, text: ordersToCsv(orders, true).replace(/\n$/, '') };
    const headers = [
      t('history.created'),
      t('history.order'),
      t('history.state'),
      t('history.cost'),
      t('history.serial'),
      t('history.address'),
    ];
    const text = orders.length === 0 ? t('history.noOrders') : columnsTable(headers, orders.map(orderRow));
    const why = journal ? ruleDecisions(journal, orders, (await ctx.settings.load()).settings.rules) : new Map<string, WordedDecision>();
    const notes = [...why.entries()].map(([localId, d]) => t('history.ruleNote', { rule: d.rule, localId, detail: d.said }));
    // An AI assistant's purchase (energy-tray mcp): the client that asked and the reason it gave, quoted.
    const assisted = orders.flatMap((o) =>
      o.assistant ? [t('history.assistantNote', { client: o.assistant.client, reason: o.assistant.reason, localId: o.localId })] : [],
    );
    const autoTopUp = (localId: string): { autoTopUp: RuleDecision } | Record<string, never> => {
      const d = why.get(localId);
      return d ? { autoTopUp: { ruleId: d.ruleId, rule: d.rule, detail: d.detail } } : {};
    };
    const json = orders.map((o) => ({
      ...orderRecord(o),
      ...autoTopUp(o.localId),
      ...(o.assistant ? { assistant: { client: o.assistant.client, reason: o.assistant.reason } } : {}),
    }));
    return { json, text: [text, ...notes, ...assisted].join('\n') };
  },
};
