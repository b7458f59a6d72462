import { lazyCode as from, subcommand, type Command } from '../command.ts';

/**
 * The commands that set a server up without a desktop (issue 26): the
 * profile's watched wallets and auto top-up rules, a profile from the
 * environment's credentials, and a test message to the alert channels.
 * Their code, like every command's, is imported only when they run.
 */

const EXAMPLE_WALLET = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const wallets = () => import('./wallets.ts');
const rulesEdit = () => import('./rules-edit.ts');

/** What a rule's add and set take. */
const RULE_FIELDS = ['wallet', 'keep', 'top-up', 'buy', 'period', 'cap', 'orders-per-day', 'max-sun-per-energy'] as const;
const RULE_SYNOPSIS = '[--keep N] [--top-up N] [--buy B] [--period P] [--cap TRX] [--orders-per-day N] [--max-sun-per-energy SUN]';

export const RULE_COMMANDS: readonly Command[] = [
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
    synopsis: `<name> --wallet LABEL|ADDRESS ${RULE_SYNOPSIS} [--off] [--yes]`,
    summary: 'commands.rulesAdd.summary',
    details: ['commands.rulesAdd.details'],
    positionals: ['name'],
    options: [...RULE_FIELDS, 'off', 'yes'],
    optionNotes: { off: 'commands.rulesAdd.off', yes: 'commands.rulesAdd.yes' },
    example: 'rules add Payroll --wallet Payroll --keep 1 --top-up 2 --cap 20 --yes',
    load: from(rulesEdit, (m) => m.rulesAdd),
  },
  {
    name: subcommand('rules', 'set'),
    synopsis: `<name> [--name NEW] [--wallet LABEL|ADDRESS] ${RULE_SYNOPSIS} [--yes]`,
    summary: 'commands.rulesSet.summary',
    details: ['commands.rulesAdd.details'],
    positionals: ['name'],
    options: [...RULE_FIELDS, 'name', 'yes'],
    optionNotes: { yes: 'commands.rulesAdd.yes' },
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
    optionNotes: { yes: 'commands.rulesAdd.yes' },
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
];

export const WALLET_COMMANDS: readonly Command[] = [
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
];

export const ALERTS_TEST: Command = {
    name: subcommand('alerts', 'test'),
    synopsis: '[--config FILE]',
    summary: 'commands.alertsTest.summary',
    details: ['commands.alertsTest.details'],
    positionals: [],
    options: ['config'],
    example: 'alerts test --config /etc/energy-tray/daemon.toml',
    load: from(() => import('./alerts.ts'), (m) => m.alertsTest),
  };

export const PROFILE_CREATE: Command = {
    name: subcommand('profile', 'create'),
    synopsis: '<name> --base-url URL [--node-url URL] [--node-budget N|default]',
    summary: 'commands.profileCreate.summary',
    details: ['commands.profileCreate.details'],
    positionals: ['name'],
    options: ['node-url', 'node-budget'],
    optionNotes: { 'node-url': 'commands.profileCreate.nodeUrl' },
    example: 'profile create Server --base-url https://api.example.com/v2',
    load: from(() => import('./profile-create.ts'), (m) => m.profileCreate),
  };
