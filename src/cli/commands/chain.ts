import { msg, type MessageKey } from '../../shared/i18n/message.ts';
import { addressProblemWords } from '../../shared/order-rules.ts';
import { parseDecimalToUnits } from '../../core/base/money.ts';
import { tronAddressProblem } from '../../core/base/tron-address.ts';
import type { AccountReading } from '../../core/chain/chain-client.ts';
import { invalidInput } from '../../core/chain/errors.ts';
import { transferNeed } from '../../core/wallets/transfer-need.ts';
import { addressArgument } from '../address-argument.ts';
import type { CommandCode } from '../command.ts';
import type { CommandContext } from '../context.ts';
import { usageError } from '../cli-error.ts';
import { keyValueTable } from '../table.ts';
import { num, t, trx } from '../i18n.ts';

/** Checked before anything else (the node URL, the keychain, the network): exit 2, nothing sent. */
function localAddress(ctx: CommandContext, typed: string, role: MessageKey): string {
  const address = addressArgument(ctx, typed);
  const problem = tronAddressProblem(address);
  if (problem !== null) throw invalidInput(msg('errors:address.invalid', { role: msg(role), problem: addressProblemWords(problem) }));
  return address;
}

function usdtAmount(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(text.trim())) throw usageError(t('chain.amountFormat', { got: JSON.stringify(text) }), 'estimate');
  const micros = parseDecimalToUnits(text.trim());
  if (micros <= 0n) throw usageError(t('chain.amountPositive'), 'estimate');
  return micros;
}

export const resources: CommandCode = {
  run: async (ctx) => {
    const address = localAddress(ctx, ctx.args[0] ?? '', 'errors:address.roleWallet');
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
    bandwidth: {
      free_limit: a.bandwidth.freeLimit,
      free_used: a.bandwidth.freeUsed,
      limit: a.bandwidth.limit,
      used: a.bandwidth.used,
      available: a.bandwidth.available,
    },
  };
}

function renderResources(a: AccountReading): string {
  return keyValueTable([
    [t('render.address'), a.address],
    [t('chain.activated'), a.activated ? t('chain.yes') : t('chain.notActivated')],
    ['TRX', trx(a.trxSun)],
    [
      t('chain.energy'),
      t('chain.energyLine', { available: num(a.energy.available), limit: num(a.energy.limit), used: num(a.energy.used) }),
    ],
    [
      t('chain.bandwidth'),
      t('chain.bandwidthLine', {
        available: num(a.bandwidth.available),
        freeUsed: num(a.bandwidth.freeUsed),
        freeLimit: num(a.bandwidth.freeLimit),
        used: num(a.bandwidth.used),
        limit: num(a.bandwidth.limit),
      }),
    ],
  ]);
}

export const estimate: CommandCode = {
  run: async (ctx) => {
    const from = localAddress(ctx, ctx.args[0] ?? '', 'errors:address.roleSending');
    if (ctx.values.to === undefined) throw usageError(t('chain.toRequired'), 'estimate');
    const to = localAddress(ctx, ctx.values.to, 'errors:address.roleRecipient');
    const amount = usdtAmount(ctx.values.amount);
    const { client } = await ctx.node();
    const [dryRun, reading, fees] = await Promise.all([
      client.estimateTransfer(from, to, amount),
      client.readResources(from),
      client.chainFees(),
    ]);
    const need = transferNeed({ reading, energyPerTransfer: dryRun.energy, fees, bandwidthPerTransfer: dryRun.bandwidth });
    const totalBurnSun = need.energyBurnSun + need.bandwidthBurnSun;
    const json = {
      from,
      to,
      recipient_holds_usdt: dryRun.recipientHoldsUsdt,
      energy: dryRun.energy,
      energy_penalty: dryRun.energyPenalty,
      bandwidth: dryRun.bandwidth,
      available_energy: need.availableEnergy,
      available_bandwidth: reading.bandwidth.available,
      missing_energy: need.missingEnergy,
      burn_sun: need.energyBurnSun.toString(),
      bandwidth_burn_sun: need.bandwidthBurnSun.toString(),
      total_burn_sun: totalBurnSun.toString(),
    };
    const base = dryRun.energy - dryRun.energyPenalty;
    const energyText =
      dryRun.energyPenalty > 0n
        ? t('chain.energyWithPenalty', { energy: num(dryRun.energy), base: num(base), penalty: num(dryRun.energyPenalty) })
        : num(dryRun.energy);
    const energyFee = fees.energyFeeSun.toString();
    const burnLine = t('chain.burnLine', { amount: trx(need.energyBurnSun), energy: num(need.missingEnergy), fee: energyFee });
    const rows: [string, string][] = [
      [t('render.from'), from],
      [t('chain.to'), dryRun.recipientHoldsUsdt ? t('chain.holdsUsdt', { address: to }) : t('chain.holdsNoUsdt', { address: to })],
      [t('chain.energy'), energyText],
      [t('chain.bandwidth'), t('chain.bytes', { count: num(dryRun.bandwidth) })],
      [t('chain.availableEnergy'), num(need.availableEnergy)],
      [t('chain.missingEnergy'), num(need.missingEnergy)],
      [t('chain.burnCost'), burnLine],
    ];
    // The bandwidth's burn shows only when it is due: the wallet's free and staked bandwidth cannot carry the transfer.
    if (need.bandwidthBurnSun > 0n) {
      const bytes = { bytes: num(dryRun.bandwidth), fee: fees.bandwidthFeeSun.toString(), available: num(reading.bandwidth.available) };
      rows.push([t('chain.bandwidthBurn'), t('chain.bandwidthBurnLine', { amount: trx(need.bandwidthBurnSun), ...bytes })]);
      rows.push([t('chain.totalBurn'), trx(totalBurnSun)]);
    }
    const text = keyValueTable(rows);
    return { json, text };
  },
};
