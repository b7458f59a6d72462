import { ENV_BASE_URL, ENV_TIMEOUT } from './access.ts';
import { ENV_NODE_URL } from './node-access.ts';
import type { OptionName } from './args.ts';
import { DEFAULT_MAX_WAIT_TEXT } from './duration.ts';

export interface OptionHelp {
  /** The value's placeholder, absent for flags. */
  readonly value?: string;
  readonly text: string;
}

/** One line per option; a command may word its own (Command.optionNotes). */
export const OPTION_HELP: Readonly<Record<OptionName, OptionHelp>> = {
  json: { text: 'print one JSON value (the data the service returned); a failure prints one JSON object on stderr' },
  help: { text: 'print this help' },
  version: { text: 'print the version' },
  'base-url': {
    value: 'URL',
    text: `service address ending in /v2 (else ${ENV_BASE_URL}, else the profile's); saved credentials go only to their profile's address`,
  },
  timeout: { value: 'MS', text: `deadline of each call to the service or the TRON node, retries included (else ${ENV_TIMEOUT}; default 15000)` },
  profile: { value: 'NAME', text: 'use this saved profile instead of the active one' },
  type: { value: 'energy|net', text: 'the resource: energy, or net for bandwidth' },
  resource: { value: 'energy|net', text: 'the resource: energy, or net for bandwidth' },
  count: { value: 'N', text: 'how much: energy points or bandwidth bytes' },
  period: { value: 'P', text: 'a period name such as 15minutes, 1h, 1day or 3day (the service decides which exist)' },
  'interval-ms': { value: 'MS', text: 'poll every MS milliseconds instead of backing off (2, 3, 5, 8, 13, 21, then 30 s)' },
  'max-wait': {
    value: 'DURATION',
    text: `stop with exit 6 when the order is still running after DURATION: 90s, 5m, 1h or plain seconds (default ${DEFAULT_MAX_WAIT_TEXT})`,
  },
  yes: { text: 'do not ask for confirmation on a terminal (without a terminal it never asks)' },
  'dry-run': { text: 'print the fresh quote and the exact request that would be sent; send nothing paid' },
  'node-url': {
    value: 'URL',
    text: `TRON full node to read (else ${ENV_NODE_URL}, else the app's setting, else https://api.trongrid.io); plain http only to this computer`,
  },
  to: { value: 'ADDRESS', text: 'the recipient of the USDT transfer' },
  amount: { value: 'USDT', text: 'the USDT amount to transfer, up to 6 decimals (default the smallest: the energy hardly depends on it)' },
  since: { value: 'DATE', text: 'orders created on or after this day (YYYY-MM-DD, local time)' },
  until: { value: 'DATE', text: 'orders created up to and including this day (YYYY-MM-DD, local time)' },
  status: {
    value: 'S',
    text: 'only orders in these states, comma-separated: submitting, running, succeeded, failed, stalled, outcome_unknown',
  },
  totals: { value: 'day|week|month', text: 'print spend per day, week (from Monday) or month instead of the orders (exact, in SUN)' },
  csv: { text: 'print CSV (RFC 4180, a header line first) instead of a table' },
  once: { text: 'one round (balance, watched wallets, open orders) and exit, for cron' },
};

/** "-y, --yes", "--count N": how the option is written. */
export function optionLabel(name: OptionName): string {
  const help = OPTION_HELP[name];
  const short = name === 'yes' ? '-y, ' : name === 'help' ? '-h, ' : '';
  return `${short}--${name}${help.value === undefined ? '' : ` ${help.value}`}`;
}
