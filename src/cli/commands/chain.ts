import { addressProblemText } from '../../shared/order-rules.ts';
import { parseDecimalToUnits } from '../../core/base/money.ts';
import { tronAddressProblem } from '../../core/base/tron-address.ts';
import type { AccountReading } from '../../core/chain/chain-client.ts';
import { invalidInput } from '../../core/chain/errors.ts';
import { energyBurnSun, energyShortfall } from '../../core/wallets/need-estimate.ts';
import { addressArgument } from '../address-argument.ts';
import type { CommandCode } from '../command.ts';
import type { CommandContext } from '../context.ts';
import { usageError } from '../cli-error.ts';
import { keyValueTable } from '../table.ts';
import { num, t, trx } from '../i18n.ts';
import type { KeyOf } from '../../shared/i18n/catalogue.ts';

/** Checked before anything else (the node URL, the keychain, the network): exit 2, nothing sent. */
function localAddress(ctx: CommandContext, typed: string, role: KeyOf<'cli'>): string {
  const address = addressArgument(ctx, typed);
  const problem = tronAddressProblem(address);
  if (problem !== null) throw invalidInput(t(role, { problem: addressProblemText(problem) }));
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
    const address = localAddress(ctx, ctx.args[0] ?? '', 'chain.walletAddress');
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
    [t('render.address'), a.address],
    [t('chain.activated'), a.activated ? t('chain.yes') : t('chain.notActivated')],
    ['TRX', trx(a.trxSun)],
    [t('chain.energy'), t('chain.energyLine', { available: num(a.energy.available), limit: num(a.energy.limit), used: num(a.energy.used) })],
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
    const from = localAddress(ctx, ctx.args[0] ?? '', 'chain.sendingAddress');
    if (ctx.values.to === undefined) throw usageError(t('chain.toRequired'), 'estimate');
    const to = localAddress(ctx, ctx.values.to, 'chain.recipientAddress');
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
      [t('render.from'), from],
      [t('chain.to'), dryRun.recipientHoldsUsdt ? t('chain.holdsUsdt', { address: to }) : t('chain.holdsNoUsdt', { address: to })],
      [
        t('chain.energy'),
        dryRun.energyPenalty > 0n ? t('chain.energyWithPenalty', { energy: num(dryRun.energy), penalty: num(dryRun.energyPenalty) }) : num(dryRun.energy),
      ],
      [t('chain.bandwidth'), t('chain.bytes', { count: num(dryRun.bandwidth) })],
      [t('chain.availableEnergy'), num(available)],
      [t('chain.missingEnergy'), num(missing)],
      [t('chain.burnCost'), t('chain.burnLine', { amount: trx(burnSun), energy: num(missing), fee: fees.energyFeeSun.toString() })],
    ]);
    return { json, text };
  },
};
