import { ENV_BASE_URL, ENV_NODE_URL, ENV_TIMEOUT } from './env-names.ts';
import type { OptionName } from './args.ts';
import { DEFAULT_MAX_WAIT_TEXT } from './duration.ts';
import { ENV_LANG, LANGUAGE_LIST, num, t } from './i18n.ts';
import type { KeyOf } from '../shared/i18n/catalogue.ts';
import { ORDER_STATES } from '../core/orders/order-types.ts';
import { OFFERED_PERIODS } from '../shared/order-rules.ts';
import { KEYED_DAILY_BUDGET, KEYLESS_DAILY_BUDGET, MAX_DAILY_BUDGET, MIN_DAILY_BUDGET } from '../shared/node-budget.ts';

export interface OptionHelp {
  /** The value's placeholder, absent for flags. */
  readonly value?: string;
  /** Its line in the cli catalogue. */
  readonly text: KeyOf<'cli'>;
}

/** One line per option; a command may word its own (Command.optionNotes). */
export const OPTION_HELP: Readonly<Record<OptionName, OptionHelp>> = {
  json: { text: 'options.json' },
  help: { text: 'options.help' },
  version: { text: 'options.version' },
  lang: { value: 'LANG', text: 'options.lang' },
  'base-url': { value: 'URL', text: 'options.baseUrl' },
  timeout: { value: 'MS', text: 'options.timeout' },
  profile: { value: 'NAME', text: 'options.profile' },
  type: { value: 'energy|net', text: 'options.resource' },
  resource: { value: 'energy|net', text: 'options.resource' },
  count: { value: 'N', text: 'options.count' },
  period: { value: 'P', text: 'options.period' },
  'interval-ms': { value: 'MS', text: 'options.intervalMs' },
  'max-wait': { value: 'DURATION', text: 'options.maxWait' },
  yes: { text: 'options.yes' },
  'dry-run': { text: 'options.dryRun' },
  'node-url': { value: 'URL', text: 'options.nodeUrl' },
  'node-budget': { value: 'N|default', text: 'options.nodeBudget' },
  to: { value: 'ADDRESS', text: 'options.to' },
  amount: { value: 'USDT', text: 'options.amount' },
  since: { value: 'DATE', text: 'options.since' },
  until: { value: 'DATE', text: 'options.until' },
  status: { value: 'S', text: 'options.status' },
  totals: { value: 'day|week|month', text: 'options.totals' },
  csv: { text: 'options.csv' },
  once: { text: 'options.once' },
  label: { value: 'LABEL', text: 'options.label' },
  plan: { value: 'holder|new|exact', text: 'options.plan' },
  recipient: { value: 'ADDRESS', text: 'options.recipient' },
  'top-up': { value: 'N', text: 'options.topUp' },
  wallet: { value: 'LABEL|ADDRESS', text: 'options.wallet' },
  keep: { value: 'N', text: 'options.keep' },
  buy: { value: 'timed|fast-recover|cheapest', text: 'options.buy' },
  cap: { value: 'TRX', text: 'options.cap' },
  'orders-per-day': { value: 'N', text: 'options.ordersPerDay' },
  'max-sun-per-energy': { value: 'SUN', text: 'options.maxSunPerEnergy' },
  all: { text: 'options.all' },
  name: { value: 'NAME', text: 'options.name' },
  config: { value: 'FILE', text: 'options.config' },
  metrics: { value: 'ADDRESS', text: 'options.metrics' },
  'per-day': { value: 'TRX', text: 'options.perDay' },
  'per-order': { value: 'TRX', text: 'options.perOrder' },
  addresses: { value: 'watched|A,B', text: 'options.addresses' },
  off: { text: 'options.off' },
};

/** An option's line in the chosen language; the names of variables and defaults filled in. */
export function optionText(key: KeyOf<'cli'>): string {
  return t(key, {
    energyPeriods: OFFERED_PERIODS.energy.join(', '),
    netPeriods: OFFERED_PERIODS.net.join(', '),
    envBaseUrl: ENV_BASE_URL,
    envTimeout: ENV_TIMEOUT,
    envNodeUrl: ENV_NODE_URL,
    envLang: ENV_LANG,
    languages: LANGUAGE_LIST,
    maxWait: DEFAULT_MAX_WAIT_TEXT,
    states: ORDER_STATES.join(', '),
    min: num(MIN_DAILY_BUDGET),
    max: num(MAX_DAILY_BUDGET),
    keyed: num(KEYED_DAILY_BUDGET),
    keyless: num(KEYLESS_DAILY_BUDGET),
  });
}

/** "-y, --yes", "--count N": how the option is written. */
export function optionLabel(name: OptionName): string {
  const help = OPTION_HELP[name];
  const short = name === 'yes' ? '-y, ' : name === 'help' ? '-h, ' : '';
  return `${short}--${name}${help.value === undefined ? '' : ` ${help.value}`}`;
}
