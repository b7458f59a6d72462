import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { msg, type Message } from '../../shared/i18n/message.ts';
import { addressProblemText, cleanAddress } from '../../shared/order-rules.ts';
import { nameProblem, nameProblemText } from '../../shared/user-names.ts';
import { tronAddressProblem } from '../base/tron-address.ts';
import { checkRuleDraft } from './rule-draft.ts';
import type { Rule } from './rule.ts';
import { parsePlan, planText, type WalletPlan } from './wallet-plan.ts';
import { MAX_TOP_UP_TRANSFERS, MAX_WATCHED_PER_PROFILE, watchedWalletSchema, type WatchedWallet } from '../wallets/watched-wallet.ts';

/**
 * Watched wallets as CSV (issue 25, docs/cli.md): a header `label,address,plan`
 * and a line a wallet, RFC 4180 quoting (a label may hold commas, quotes or a
 * line break). The plan column is wallet-plan.ts's. Read whole or not at all:
 * every line is checked against the profile's list and the lines before it,
 * and any problem, each with its line number, refuses the whole file.
 */
export const WALLET_CSV_COLUMNS = ['label', 'address', 'plan'] as const;

export interface CsvProblem {
  /** The line of the file the record starts on (1 is the header). */
  line: number;
  message: Message;
}

export interface WalletImportContext {
  profileId: string;
  now: number;
  newId(): string;
  /** The profile's list now: an address already watched is a duplicate, a rule is checked against the rules. */
  wallets: readonly WatchedWallet[];
  rules: readonly Rule[];
}

export type WalletImport = { ok: true; wallets: WatchedWallet[]; rules: Rule[] } | { ok: false; problems: CsvProblem[] };

/** A spreadsheet-safe export marks a label starting with =, +, - or @ with a quote mark (csv-stringify): read back without it. */
const FORMULA_MARK = /^'(?=[=+\-@])/;

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

export function readWalletCsv(text: string, context: WalletImportContext): WalletImport {
  let records: CsvRecord[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as CsvRecord[];
  } catch (err) {
    const { lines, message } = err as { lines?: unknown; message?: unknown };
    const line = typeof lines === 'number' ? lines : 1;
    return { ok: false, problems: [{ line, message: msg('errors:csv.notCsv', { detail: String(message).replace(/^[^:]*: /, '') }) }] };
  }
  const [header, ...lines] = records;
  if (header === undefined || header.record.map((c) => c.trim().toLowerCase()).join(',') !== WALLET_CSV_COLUMNS.join(',')) {
    return { ok: false, problems: [{ line: 1, message: msg('errors:csv.header', { columns: WALLET_CSV_COLUMNS.join(',') }) }] };
  }
  const problems: CsvProblem[] = [];
  const wallets: WatchedWallet[] = [];
  const rules: Rule[] = [];
  const seen = new Map<string, number>(context.wallets.map((w) => [w.address, 0]));
  const watched = new Set(seen.keys());
  for (const { record, info } of lines) {
    const line = info.lines - record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0);
    const read = readLine(record, seen, context);
    if (!read.ok) {
      problems.push(...read.messages.map((message) => ({ line, message })));
      continue;
    }
    seen.set(read.wallet.address, line);
    watched.add(read.wallet.address);
    wallets.push(read.wallet);
    if (read.rule === null) continue;
    const ruleContext = { id: context.newId(), profileId: context.profileId, now: context.now, rules: [...context.rules, ...rules] };
    const draft = { ...read.rule, name: read.wallet.label, address: read.wallet.address };
    const checked = checkRuleDraft(draft, { ...ruleContext, watched: [...watched] });
    if (checked.ok) rules.push(checked.rule);
    else problems.push(...checked.problems.map((p) => ({ line, message: msg('errors:csv.rule', { problem: p.text }) })));
  }
  if (context.wallets.length + wallets.length > MAX_WATCHED_PER_PROFILE) {
    problems.push({ line: 1, message: msg('errors:csv.tooMany', { most: MAX_WATCHED_PER_PROFILE, now: context.wallets.length }) });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, wallets, rules };
}

type LineRead = { ok: true; wallet: WatchedWallet; rule: WalletPlan['rule'] } | { ok: false; messages: Message[] };

function readLine(record: readonly string[], seen: ReadonlyMap<string, number>, context: WalletImportContext): LineRead {
  if (record.length !== WALLET_CSV_COLUMNS.length) {
    return { ok: false, messages: [msg('errors:csv.columns', { got: record.length, expected: WALLET_CSV_COLUMNS.length })] };
  }
  const [rawLabel = '', rawAddress = '', rawPlan = ''] = record;
  const label = rawLabel.replace(FORMULA_MARK, '').trim();
  const address = cleanAddress(rawAddress);
  const messages: Message[] = [];
  const named = nameProblem(label, 'walletLabel');
  if (named !== null) messages.push(msg('errors:csv.label', { problem: nameProblemText(named, 'walletLabel') }));
  const addressProblem = tronAddressProblem(address);
  const before = seen.get(address);
  if (addressProblem !== null) messages.push(msg('errors:csv.address', { problem: addressProblemText(addressProblem) }));
  else if (before === 0) messages.push(msg('errors:csv.watched', { address }));
  else if (before !== undefined) messages.push(msg('errors:csv.repeats', { address, line: before }));
  const plan = parsePlan(rawPlan);
  if (!plan.ok) messages.push(msg('errors:csv.plan.problem', { problem: plan.message }));
  else if (plan.plan.topUpTransfers < 1 || plan.plan.topUpTransfers > MAX_TOP_UP_TRANSFERS) {
    messages.push(msg('errors:csv.plan.transfersRange', { most: MAX_TOP_UP_TRANSFERS }));
  }
  if (messages.length > 0 || !plan.ok) return { ok: false, messages };
  const { rule, ...walletPlan } = plan.plan;
  const wallet = watchedWalletSchema.safeParse({ id: context.newId(), profileId: context.profileId, address, label, ...walletPlan });
  if (!wallet.success) return { ok: false, messages: [msg('errors:csv.wallet')] };
  return { ok: true, wallet: wallet.data, rule };
}

/** The profile's wallets, each with its rule, as a CSV that readWalletCsv reads back as the same list. */
export function walletCsv(wallets: readonly WatchedWallet[], rules: readonly Rule[]): string {
  const ruleOf = new Map(rules.map((r) => [r.address, r]));
  const rows = wallets.map((w) => [w.label, w.address, planText(w, ruleOf.get(w.address))]);
  return stringify(rows, { header: true, columns: [...WALLET_CSV_COLUMNS], escape_formulas: true, record_delimiter: 'unix' });
}
