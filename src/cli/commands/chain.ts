import { formatCount, formatTrx } from '../../shared/format.ts';
import { addressProblemText } from '../../shared/order-rules.ts';
import { parseDecimalToUnits } from '../../core/base/money.ts';
import { tronAddressProblem } from '../../core/base/tron-address.ts';
import type { AccountReading } from '../../core/chain/chain-client.ts';
import { invalidInput } from '../../core/chain/errors.ts';
import { energyBurnSun, energyShortfall } from '../../core/wallets/need-estimate.ts';
import { addressArgument } from '../address-argument.ts';
import type { Command } from '../command.ts';
import type { CommandContext } from '../context.ts';
import { usageError } from '../cli-error.ts';
import { keyValueTable } from '../table.ts';

/** Checked before anything else (the node URL, the keychain, the network): exit 2, nothing sent. */
function localAddress(ctx: CommandContext, typed: string, role: string): string {
  const address = addressArgument(ctx, typed);
  const problem = tronAddressProblem(address);
  if (problem !== null) throw invalidInput(`the ${role} address: ${addressProblemText(problem)}`);
  return address;
}

function usdtAmount(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(text.trim())) throw usageError(`--amount must be a USDT amount such as 250 or 12.5 (at most 6 decimals), got ${JSON.stringify(text)}.`, 'estimate');
  const micros = parseDecimalToUnits(text.trim());
  if (micros <= 0n) throw usageError('--amount must be more than 0.', 'estimate');
  return micros;
}

const NODE_DETAILS = [
  'Reads the public TRON full-node HTTP API (POST /wallet/…, base58 addresses): the node sees the addresses you ask about.',
  'A provider key (TronGrid: TRON-PRO-API-KEY) comes from ENERGY_TRAY_NODE_API_KEY or the keychain entry the app saved for that node.',
];

export const resources: Command = {
  name: 'resources',
  synopsis: '<address> [--node-url URL]',
  summary: "an address's energy, bandwidth and TRX as the TRON node reports them",
  details: [
    ...NODE_DETAILS,
    'Two requests: getaccount and getaccountresource. An address that was never activated is reported with "activated": false (exit 0).',
    'With --json: {"address","activated","trx_sun","energy":{"limit","used","available"},"bandwidth":{"free_limit","free_used","limit","used","available"}}.',
  ],
  positionals: ['address'],
  options: ['node-url'],
  example: 'resources TJRabPrwbZy45sbavfcjinPJC18kjpRTv8 --json',
  run: async (ctx) => {
    const address = localAddress(ctx, ctx.args[0] ?? '', 'wallet');
    const { client } = await ctx.node();
    const account = await client.readAccount(address);
    return { json: resourcesJson(account), text: renderResources(account) };
  },
};

export function resourcesJson(a: AccountReading): unknown {
  return {
    address: a.address,
    activated: a.activated,
    trx_sun: a.trxSun.toString(),
    energy: { limit: a.energy.limit, used: a.energy.used, available: a.energy.available },
    bandwidth: { free_limit: a.bandwidth.freeLimit, free_used: a.bandwidth.freeUsed, limit: a.bandwidth.limit, used: a.bandwidth.used, available: a.bandwidth.available },
  };
}

function renderResources(a: AccountReading): string {
  return keyValueTable([
    ['Address', a.address],
    ['Activated', a.activated ? 'yes' : 'no (the address has never received TRX or been activated)'],
    ['TRX', formatTrx(a.trxSun)],
    ['Energy', `${formatCount(a.energy.available)} available (limit ${formatCount(a.energy.limit)}, used ${formatCount(a.energy.used)})`],
    [
      'Bandwidth',
      `${formatCount(a.bandwidth.available)} available (free ${formatCount(a.bandwidth.freeUsed)} of ${formatCount(a.bandwidth.freeLimit)} used, staked ${formatCount(a.bandwidth.used)} of ${formatCount(a.bandwidth.limit)} used)`,
    ],
  ]);
}

export const estimate: Command = {
  name: 'estimate',
  synopsis: '<from> --to <recipient> [--amount USDT] [--node-url URL]',
  summary: 'the energy and bandwidth a USDT transfer takes, what the sender lacks and what burning TRX for it costs',
  details: [
    ...NODE_DETAILS,
    "A dry run of transfer(address,uint256) on the USDT contract (triggerconstantcontract), balanceOf(recipient), the sender's resources and getEnergyFee.",
    '"energy" is the dry run\'s energy_used, which already includes the dynamic-energy penalty; "energy_penalty" shows that part.',
    'With --json: {"from","to","recipient_holds_usdt","energy","bandwidth","available_energy","missing_energy","burn_sun","energy_penalty"}.',
  ],
  positionals: ['from'],
  options: ['to', 'amount', 'node-url'],
  optionNotes: { to: 'the recipient of the USDT transfer (required)' },
  example: 'estimate TJRabPrwbZy45sbavfcjinPJC18kjpRTv8 --to TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t --amount 250',
  run: async (ctx) => {
    const from = localAddress(ctx, ctx.args[0] ?? '', 'sending');
    if (ctx.values.to === undefined) throw usageError('--to is required: the recipient of the USDT transfer.', 'estimate');
    const to = localAddress(ctx, ctx.values.to, 'recipient');
    const amount = usdtAmount(ctx.values.amount);
    const { client } = await ctx.node();
    const [dryRun, reading, fees] = await Promise.all([client.estimateTransfer(from, to, amount), client.readResources(from), client.chainFees()]);
    const available = reading.energy.available;
    const missing = energyShortfall(available, dryRun.energy, 1n);
    const burnSun = energyBurnSun(missing, fees.energyFeeSun);
    const json = {
      from,
      to,
      recipient_holds_usdt: dryRun.recipientHoldsUsdt,
      energy: dryRun.energy,
      bandwidth: dryRun.bandwidth,
      available_energy: available,
      missing_energy: missing,
      burn_sun: burnSun.toString(),
      energy_penalty: dryRun.energyPenalty,
    };
    const text = keyValueTable([
      ['From', from],
      ['To', `${to} (${dryRun.recipientHoldsUsdt ? 'holds USDT' : 'holds no USDT: the transfer creates its balance'})`],
      ['Energy', `${formatCount(dryRun.energy)}${dryRun.energyPenalty > 0n ? ` (of which ${formatCount(dryRun.energyPenalty)} penalty)` : ''}`],
      ['Bandwidth', `${formatCount(dryRun.bandwidth)} bytes`],
      ['Available energy', formatCount(available)],
      ['Missing energy', formatCount(missing)],
      ['Burn cost', `${formatTrx(burnSun)} (${formatCount(missing)} energy at ${fees.energyFeeSun.toString()} SUN)`],
    ]);
    return { json, text };
  },
};
