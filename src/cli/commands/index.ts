import type { CommandLine } from '../args.ts';
import { lazyCode as from, type Command } from '../command.ts';
import { ALERTS_TEST, PROFILE_CREATE, RULE_COMMANDS, WALLET_COMMANDS } from './setup-commands.ts';
import type { KeyOf } from '../../shared/i18n/catalogue.ts';

/**
 * Every command as the parser and the help texts know it. A command's code
 * (commands/<group>.ts) is imported only when that command runs, so that
 * help, --version and a mistyped line start without the service client, the
 * stores or the app's core (see the startup benchmark, bench/cli-startup.bench.ts).
 */

const EXAMPLE_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EXAMPLE_WALLET = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** What every paid command's help says about confirmation. */
const PAID_DETAILS = ['paid.details'] as const;
/** What the TRON node commands' help says about the node. */
const NODE_DETAILS = ['commands.nodeDetails'] as const;

const account = () => import('./account.ts');
const timed = () => import('./timed.ts');
const fast = () => import('./fast.ts');
const chain = () => import('./chain.ts');
const profile = () => import('./profile.ts');

function timedBuy(name: string, type: 'energy' | 'net', summary: KeyOf<'cli'>): Command {
  return {
    name,
    synopsis: '<address> --count N --period P [--yes] [--dry-run]',
    summary,
    details: PAID_DETAILS,
    positionals: ['address'],
    options: ['count', 'period', 'yes', 'dry-run'],
    optionNotes: { count: type === 'energy' ? 'commands.buyEnergy.count' : 'commands.buyNet.count' },
    example: `${name} ${EXAMPLE_ADDRESS} --count ${type === 'energy' ? '65000 --period 1h' : '1000 --period 1day'}`,
    load: from(timed, (m) => (type === 'energy' ? m.buyEnergy : m.buyNet)),
  };
}

/** In the order the usage text lists them. */
export const COMMANDS: readonly Command[] = [
  {
    name: 'balance',
    synopsis: '',
    summary: 'commands.balance.summary',
    positionals: [],
    options: [],
    example: 'balance --json',
    load: from(account, (m) => m.balance),
  },
  {
    name: 'activate',
    synopsis: '<address> [--yes] [--dry-run]',
    summary: 'commands.activate.summary',
    details: PAID_DETAILS,
    positionals: ['address'],
    options: ['yes', 'dry-run'],
    example: `activate ${EXAMPLE_ADDRESS}`,
    load: from(account, (m) => m.activate),
  },
  {
    name: 'price',
    synopsis: '--type energy|net --count N --period P',
    summary: 'commands.price.summary',
    positionals: [],
    options: ['type', 'count', 'period'],
    example: 'price --type energy --count 65000 --period 1h',
    load: from(timed, (m) => m.price),
  },
  timedBuy('buy-energy', 'energy', 'commands.buyEnergy.summary'),
  timedBuy('buy-net', 'net', 'commands.buyNet.summary'),
  {
    name: 'reclaim',
    synopsis: '<order_sn> <address> [--yes] [--dry-run]',
    summary: 'commands.reclaim.summary',
    details: PAID_DETAILS,
    positionals: ['order_sn', 'address'],
    options: ['yes', 'dry-run'],
    example: `reclaim EN17000000000000001 ${EXAMPLE_ADDRESS}`,
    load: from(timed, (m) => m.reclaim),
  },
  {
    name: 'order',
    synopsis: '<order_sn>',
    summary: 'commands.order.summary',
    positionals: ['order_sn'],
    options: [],
    example: 'order EN17000000000000001',
    load: from(timed, (m) => m.order),
  },
  {
    name: 'fast-price',
    synopsis: '--resource energy|net --count N',
    summary: 'commands.fastPrice.summary',
    positionals: [],
    options: ['resource', 'count'],
    example: 'fast-price --resource energy --count 40000',
    load: from(fast, (m) => m.fastPrice),
  },
  {
    name: 'fast-topup',
    synopsis: '<address> --resource energy|net --count N [--yes] [--dry-run]',
    summary: 'commands.fastTopup.summary',
    details: PAID_DETAILS,
    positionals: ['address'],
    options: ['resource', 'count', 'yes', 'dry-run'],
    example: `fast-topup ${EXAMPLE_ADDRESS} --resource energy --count 40000`,
    load: from(fast, (m) => m.fastTopup),
  },
  {
    name: 'fast-order',
    synopsis: '<order_id>',
    summary: 'commands.fastOrder.summary',
    positionals: ['order_id'],
    options: [],
    example: 'fast-order 100001',
    load: from(fast, (m) => m.fastOrder),
  },
  {
    name: 'smart-price',
    synopsis: '',
    summary: 'commands.smartPrice.summary',
    positionals: [],
    options: [],
    example: 'smart-price',
    load: from(fast, (m) => m.smartPrice),
  },
  {
    name: 'watch',
    synopsis: '<order_sn|order_id> [--interval-ms MS] [--max-wait DURATION]',
    summary: 'commands.watch.summary',
    details: ['commands.watch.details'],
    positionals: ['order_sn|order_id'],
    options: ['interval-ms', 'max-wait'],
    example: 'watch EN17000000000000001 --max-wait 10m',
    load: from(() => import('./watch.ts'), (m) => m.watch),
  },
  {
    name: 'resources',
    synopsis: '<address> [--node-url URL]',
    summary: 'commands.resources.summary',
    details: [...NODE_DETAILS, 'commands.resources.details'],
    positionals: ['address'],
    options: ['node-url'],
    example: `resources ${EXAMPLE_WALLET} --json`,
    load: from(chain, (m) => m.resources),
  },
  {
    name: 'estimate',
    synopsis: '<from> --to <recipient> [--amount USDT] [--node-url URL]',
    summary: 'commands.estimate.summary',
    details: [...NODE_DETAILS, 'commands.estimate.details'],
    positionals: ['from'],
    options: ['to', 'amount', 'node-url'],
    optionNotes: { to: 'commands.estimate.to' },
    example: `estimate ${EXAMPLE_WALLET} --to ${EXAMPLE_ADDRESS} --amount 250`,
    load: from(chain, (m) => m.estimate),
  },
  {
    name: 'history',
    synopsis: '[--since DATE] [--until DATE] [--status S] [--totals day|week|month] [--csv]',
    summary: 'commands.history.summary',
    details: ['commands.history.details'],
    positionals: [],
    options: ['since', 'until', 'status', 'totals', 'csv'],
    example: 'history --since 2025-01-01 --status succeeded --csv',
    load: from(() => import('./history.ts'), (m) => m.history),
  },
  {
    name: 'rules',
    synopsis: '',
    summary: 'commands.rules.summary',
    details: ['commands.rules.details'],
    positionals: [],
    options: [],
    example: 'rules --json',
    load: from(() => import('./rules.ts'), (m) => m.rules),
  },
  ...RULE_COMMANDS,
  ...WALLET_COMMANDS,
  {
    name: 'daemon',
    synopsis: '[--profile NAME] [--once] [--config FILE] [--metrics ADDRESS]',
    summary: 'commands.daemon.summary',
    details: ['commands.daemon.details'],
    positionals: [],
    options: ['once', 'config', 'metrics'],
    example: 'daemon --config /etc/energy-tray/daemon.toml --metrics 127.0.0.1:9464',
    load: from(() => import('./daemon.ts'), (m) => m.daemon),
  },
  ALERTS_TEST,
  {
    name: 'mcp',
    synopsis: '[--profile NAME]',
    summary: 'commands.mcp.summary',
    details: ['commands.mcp.details'],
    positionals: [],
    options: ['node-url'],
    example: 'mcp --profile Work',
    load: from(() => import('./mcp.ts'), (m) => m.mcp),
  },
  {
    name: 'allowance',
    synopsis: '[--per-day TRX] [--per-order TRX] [--addresses watched|A,B] [--off] [--yes]',
    summary: 'commands.allowance.summary',
    details: ['commands.allowance.details'],
    positionals: [],
    options: ['per-day', 'per-order', 'addresses', 'off', 'yes'],
    example: 'allowance --per-day 20 --per-order 5 --addresses watched',
    load: from(() => import('./allowance.ts'), (m) => m.allowance),
  },
  {
    name: 'login',
    synopsis: '[--base-url URL] [--profile NAME]',
    summary: 'commands.login.summary',
    details: ['commands.login.details'],
    positionals: [],
    options: [],
    optionNotes: { 'base-url': 'commands.login.baseUrl', profile: 'commands.login.profile' },
    example: 'login --base-url https://api.example.com/v2 --profile Work',
    load: from(profile, (m) => m.login),
  },
  PROFILE_CREATE,
  {
    name: 'logout',
    synopsis: '[--profile NAME]',
    summary: 'commands.logout.summary',
    positionals: [],
    options: [],
    optionNotes: { profile: 'commands.logout.profile' },
    example: 'logout --profile Work',
    load: from(profile, (m) => m.logout),
  },
  {
    name: 'status',
    synopsis: '[--profile NAME]',
    summary: 'commands.status.summary',
    details: ['commands.status.details'],
    positionals: [],
    options: [],
    optionNotes: { profile: 'commands.status.profile' },
    example: 'status --json',
    load: from(profile, (m) => m.status),
  },
];

export const COMMAND_NAMES: readonly string[] = COMMANDS.map((c) => c.name);

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/** A command of two words ("wallets add", "profile create") takes the first positional as its second word. */
export function withSubcommand(line: CommandLine): CommandLine {
  const second = line.positionals[0];
  if (line.command === undefined || line.command === 'help' || second === undefined) return line;
  const name = `${line.command} ${second}`;
  return findCommand(name) ? { ...line, command: name, positionals: line.positionals.slice(1) } : line;
}
