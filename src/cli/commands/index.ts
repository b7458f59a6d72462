import type { CommandLine } from '../args.ts';
import { subcommand, type Command, type CommandCode } from '../command.ts';
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
const wallets = () => import('./wallets.ts');
const rulesEdit = () => import('./rules-edit.ts');

/** What a rule's add and set take. */
const RULE_FIELDS = ['wallet', 'keep', 'top-up', 'buy', 'period', 'cap', 'orders-per-day', 'max-sun-per-energy'] as const;

/** A command's `load`: its module, imported when the command runs, and the command's code in it. */
const from = <M>(load: () => Promise<M>, pick: (module: M) => CommandCode) => async (): Promise<CommandCode> => pick(await load());

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
  {
    name: subcommand('rules', 'list'),
    synopsis: '',
    summary: 'commands.rules.summary',
    positionals: [],
    options: [],
    example: 'rules list --json',
    load: from(() => import('./rules.ts'), (m) => m.rules),
  },
  {
    name: subcommand('rules', 'add'),
    synopsis: `<name> --wallet LABEL|ADDRESS [--keep N] [--top-up N] [--buy B] [--period P] [--cap TRX] [--orders-per-day N] [--max-sun-per-energy SUN] [--off] [--yes]`,
    summary: 'commands.rulesAdd.summary',
    details: ['commands.rulesAdd.details'],
    positionals: ['name'],
    options: [...RULE_FIELDS, 'off', 'yes'],
    example: 'rules add Payroll --wallet Payroll --keep 1 --top-up 2 --cap 20 --yes',
    load: from(rulesEdit, (m) => m.rulesAdd),
  },
  {
    name: subcommand('rules', 'set'),
    synopsis: '<name> [--name NEW] [--wallet LABEL|ADDRESS] [--keep N] [--top-up N] [--buy B] [--period P] [--cap TRX] [--orders-per-day N] [--max-sun-per-energy SUN] [--yes]',
    summary: 'commands.rulesSet.summary',
    details: ['commands.rulesAdd.details'],
    positionals: ['name'],
    options: [...RULE_FIELDS, 'name', 'yes'],
    example: 'rules set Payroll --cap 30 --yes',
    load: from(rulesEdit, (m) => m.rulesSet),
  },
  {
    name: subcommand('rules', 'pause'),
    synopsis: '<name> | --all',
    summary: 'commands.rulesPause.summary',
    positionals: ['name?'],
    options: ['all'],
    example: 'rules pause Payroll',
    load: from(rulesEdit, (m) => m.rulesPause),
  },
  {
    name: subcommand('rules', 'resume'),
    synopsis: '<name> | --all [--yes]',
    summary: 'commands.rulesResume.summary',
    details: ['commands.rulesAdd.details'],
    positionals: ['name?'],
    options: ['all', 'yes'],
    example: 'rules resume Payroll',
    load: from(rulesEdit, (m) => m.rulesResume),
  },
  {
    name: subcommand('rules', 'remove'),
    synopsis: '<name>',
    summary: 'commands.rulesRemove.summary',
    positionals: ['name'],
    options: [],
    example: 'rules remove Payroll',
    load: from(rulesEdit, (m) => m.rulesRemove),
  },
  {
    name: 'wallets',
    synopsis: '',
    summary: 'commands.wallets.summary',
    positionals: [],
    options: [],
    example: 'wallets --json',
    load: from(wallets, (m) => m.walletsList),
  },
  {
    name: subcommand('wallets', 'list'),
    synopsis: '',
    summary: 'commands.wallets.summary',
    positionals: [],
    options: [],
    example: subcommand('wallets', 'list'),
    load: from(wallets, (m) => m.walletsList),
  },
  {
    name: subcommand('wallets', 'add'),
    synopsis: '<address> --label LABEL [--plan holder|new|exact] [--recipient ADDRESS] [--top-up N]',
    summary: 'commands.walletsAdd.summary',
    details: ['commands.walletsAdd.details'],
    positionals: ['address'],
    options: ['label', 'plan', 'recipient', 'top-up'],
    example: `wallets add ${EXAMPLE_WALLET} --label Payroll --top-up 2`,
    load: from(wallets, (m) => m.walletsAdd),
  },
  {
    name: subcommand('wallets', 'set'),
    synopsis: '<label|address> [--label LABEL] [--plan holder|new|exact] [--recipient ADDRESS] [--top-up N]',
    summary: 'commands.walletsSet.summary',
    positionals: ['label|address'],
    options: ['label', 'plan', 'recipient', 'top-up'],
    example: 'wallets set Payroll --plan new',
    load: from(wallets, (m) => m.walletsSet),
  },
  {
    name: subcommand('wallets', 'remove'),
    synopsis: '<label|address>',
    summary: 'commands.walletsRemove.summary',
    positionals: ['label|address'],
    options: [],
    example: 'wallets remove Payroll',
    load: from(wallets, (m) => m.walletsRemove),
  },
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
  {
    name: subcommand('alerts', 'test'),
    synopsis: '[--config FILE]',
    summary: 'commands.alertsTest.summary',
    details: ['commands.alertsTest.details'],
    positionals: [],
    options: ['config'],
    example: 'alerts test --config /etc/energy-tray/daemon.toml',
    load: from(() => import('./alerts.ts'), (m) => m.alertsTest),
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
  {
    name: subcommand('profile', 'create'),
    synopsis: '<name> --base-url URL [--node-url URL]',
    summary: 'commands.profileCreate.summary',
    details: ['commands.profileCreate.details'],
    positionals: ['name'],
    options: ['node-url'],
    optionNotes: { 'node-url': 'commands.profileCreate.nodeUrl' },
    example: 'profile create Server --base-url https://api.example.com/v2',
    load: from(() => import('./profile-create.ts'), (m) => m.profileCreate),
  },
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
