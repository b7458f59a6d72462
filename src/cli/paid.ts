import { ENDPOINTS } from '../core/api/endpoints.ts';
import type { EndpointName } from '../core/api/endpoints.ts';
import { encodeForm } from '../core/api/form.ts';
import type { FormFields } from '../core/api/form.ts';
import type { Reply } from '../core/api/types.ts';
import type { OrderJournal } from '../core/orders/order-journal.ts';
import type { OrderIntent } from '../core/orders/order-types.ts';
import { isFinishedForUser } from '../core/orders/order-types.ts';
import { placePaidOrder, quotePaidOrder, type PaidOrderFacts, type Quote } from '../core/orders/paid-order.ts';
import { sourceText } from './access.ts';
import { CliError } from './cli-error.ts';
import { EXIT } from './exit-codes.ts';
import { ordersDirFor } from './cli-orders.ts';
import type { CommandResult } from './command.ts';
import { confirm } from './confirm.ts';
import type { CommandContext, Connection } from './context.ts';
import { openCliSpendLimit } from './spend-limit.ts';
import type { Row } from './table.ts';
import { keyValueTable } from './table.ts';
import { t, trx, trxWithExact } from './i18n.ts';
import { commandLine } from './program.ts';
import { watchTarget } from './watch-rule.ts';

/** A paid command, described before anything is sent. */
export interface PaidPlan {
  /** "Buy energy": the heading and, with "?", the question. */
  readonly action: string;
  /** What and for which address, in full. */
  readonly rows: readonly Row[];
  /** The request the client sends for it: endpoint and form fields, in the client's order. */
  readonly endpoint: EndpointName;
  readonly form: FormFields;
  /** Why the service has no quote for this (an activation, a reclaim); a priced order is quoted by the paid-order lifecycle. */
  readonly notQuoted?: string;
  /** The order it places (the journal's record), without the profile and quote, which the lifecycle adds. */
  readonly intent: Omit<OrderIntent, 'profileId' | 'quotedSun'>;
  /** The service's answer for the terminal or --json (the reply of the intent's endpoint, see PaidAnswer). */
  render(reply: Reply<unknown>): CommandResult;
}

/**
 * A command's renderer of its endpoint's reply: the reply of a paid call is
 * that endpoint's data (core/orders/paid-request.ts). For an order that goes
 * on after the reply (a timed order, a one-time top-up), `orderRef` names it
 * and a last line says how to follow it to the end:
 * `energy-tray watch EN…` (or the top-up's order id). Only an identifier
 * `watch` takes is offered, so a malformed one from the server never
 * becomes a command to copy. --json keeps the service's data alone.
 */
export function paidOrderReply<T>(
  render: (data: T) => string,
  orderRef: (data: T) => string | number | null,
): (reply: Reply<unknown>) => CommandResult {
  return (reply) => {
    const data = reply.data as T;
    const ref = orderRef(data);
    const text = render(data);
    if (ref === null || watchTarget(String(ref)) === null) return { json: reply.raw, text };
    return { json: reply.raw, text: `${text}\n${t('paid.follow', { command: commandLine(`watch ${ref}`) })}` };
  };
}

/** The reply of a paid call that leaves nothing to follow (an activation). */
export const paidReply = <T>(render: (data: T) => string): ((reply: Reply<unknown>) => CommandResult) => paidOrderReply(render, () => null);

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

function priceText(quote: Quote | string): string {
  if (typeof quote === 'string') return quote;
  const { amountSun, unitPriceSun, feeSun } = quote.data;
  // What the person agrees to pay: by the one rule, with every SUN where it rounds (as main's approval shows it).
  return t('paid.quote', { amount: trxWithExact(amountSun), unitPrice: String(unitPriceSun), fee: trx(feeSun) });
}

function targetText({ target }: Connection): string {
  const from =
    target.credentials === 'env' ? t('paid.keyFromEnv') : t('paid.keyFromKeychain', { profile: JSON.stringify(target.profileName ?? '') });
  return t('paid.target', { url: target.url, source: sourceText(target, target.profileName), hint: target.keyHint, from });
}

/** The request exactly as the client would send it, minus the signed headers. */
function requestOf(plan: PaidPlan, url: string): { method: string; url: string; content_type: string; body: string } {
  const endpoint = ENDPOINTS[plan.endpoint];
  return { method: endpoint.method, url: `${url}${endpoint.path}`, content_type: FORM_CONTENT_TYPE, body: encodeForm(plan.form) };
}

function dryRunResult(plan: PaidPlan, connection: Connection, quote: Quote | string, summary: string): CommandResult {
  const request = requestOf(plan, connection.target.url);
  const text = [
    t('paid.dryRun', { action: `${plan.action.charAt(0).toLowerCase()}${plan.action.slice(1)}` }),
    '',
    summary,
    '',
    t('paid.requestHeading'),
    `${request.method} ${request.url}`,
    `content-type: ${request.content_type}`,
    t('paid.signedHeaders'),
    '',
    request.body,
  ].join('\n');
  return { json: { dry_run: true, quote: typeof quote === 'string' ? null : quote.raw, request }, text };
}

/** What the question and the dry run show: the rows, the price (or why there is none) and where it goes. */
function summaryOf(plan: PaidPlan, connection: Connection, quote: Quote | string): string {
  return keyValueTable([...plan.rows, [t('paid.price'), priceText(quote)], [t('paid.service'), targetText(connection)]]);
}

/**
 * Runs a paid command through the app's paid-order lifecycle
 * (core/orders/paid-order.ts placePaidOrder):
 *  1. a fresh quote (a reclaim costs nothing; an activation has no quote);
 *  2. the app's daily spending limit over today's spend in the order store
 *     (spend-limit.ts; a reclaim is not limited): over it, exit 4, nothing sent;
 *  3. on a terminal without --yes it shows what will be bought, for which
 *     address and at what price, and asks once (anything but yes sends
 *     nothing); without a terminal on stdin (scripts), or with --yes, it goes on;
 *  4. the intent is committed to the profile's order store before anything is
 *     sent (the limit checked again in the same write transaction, so neither
 *     a second CLI run nor the app can spend the same allowance meanwhile),
 *     the request is sent once and the answer journaled. An outcome the CLI
 *     prints is marked notified; an order still running is left for the app
 *     to follow and notify.
 * --dry-run prints the quote and the exact request and stops.
 */
export async function runPaid(ctx: CommandContext, plan: PaidPlan): Promise<CommandResult> {
  const connection = await ctx.connect(true);
  const noQuote = plan.notQuoted ?? '';
  if (ctx.values['dry-run'] === true) {
    const quote = (await quotePaidOrder(connection.api, plan.intent)) ?? noQuote;
    return dryRunResult(plan, connection, quote, `${t('paid.heading', { action: plan.action })}\n${summaryOf(plan, connection, quote)}`);
  }
  const ask = ctx.values.yes !== true && ctx.io.stdin.isTTY === true;
  const confirmFirst = async ({ quote }: PaidOrderFacts): Promise<void> => {
    const summary = summaryOf(plan, connection, quote ?? noQuote).replace(/^/gm, '  ');
    ctx.io.writeErr(`${t('paid.headingAsk', { action: plan.action })}\n${summary}\n`);
    const confirmed = await confirm(ctx.io, t('paid.question', { action: plan.action }));
    if (!confirmed) throw new CliError(t('paid.notConfirmed'), EXIT.failure, 'cancelled');
  };
  const journal = await journalOf(ctx, connection);
  const limit = await openCliSpendLimit(ctx, connection, journal);
  const intent: OrderIntent = { ...plan.intent, profileId: connection.target.profileId ?? 'environment' };
  const outcome = await placePaidOrder({ api: connection.api, journal, limit }, intent, ask ? { approve: confirmFirst } : {});
  if (isFinishedForUser(outcome.order.state)) await journal.markNotified(outcome.order.localId).catch(() => undefined);
  if (outcome.reply === null) throw outcome.cause;
  return plan.render(outcome.reply);
}

/** The order store a paid command journals to: the profile's, or cli-orders/ for environment credentials (cli-orders.ts). */
const journalOf = (ctx: CommandContext, connection: Connection): Promise<OrderJournal> =>
  ctx.orders(ordersDirFor(ctx.userData, connection.target.profileId));
