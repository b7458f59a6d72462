// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import { msg } from '../../../shared/i18n/message.ts';
import type { TransferEstimateView } from '../../../shared/views.ts';
import { parseDecimalToUnits } from '../../base/money.ts';
import type { ChainReader } from '../../chain/chain-client.ts';
import type { FeeCache } from '../../wallets/fee-cache.ts';
import { transferNeed } from '../../wallets/transfer-need.ts';
import { AppError } from '../app-error.ts';

/** A USDT amount as typed: digits with at most 6 decimals, more than 0. */
export function parseUsdtAmount(text: string | null): bigint | undefined {
  if (text === null || text.trim() === '') return undefined;
  const clean = text.trim();
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(clean)) {
    throw new AppError('invalid_request', msg('errors:app.usdtFormat'));
  }
  const micros = parseDecimalToUnits(clean);
  if (micros <= 0n) throw new AppError('invalid_request', msg('errors:app.usdtPositive'));
  return micros;
}

/**
 * "Estimate a transfer from A to B": the dry run's energy, the bandwidth,
 * whether B holds USDT, what A has, what is missing and what burning TRX for
 * it would cost. The addresses are checked by the client before anything is
 * sent; the reads run side by side (getaccount, getaccountresource, the two
 * constant calls, and the chain's fees unless cached).
 */
export async function estimateTransfer(
  chain: ChainReader,
  fees: FeeCache,
  request: { from: string; to: string; amountMicros?: bigint },
): Promise<TransferEstimateView> {
  const [estimate, account, chainFees] = await Promise.all([
    chain.estimateTransfer(request.from, request.to, request.amountMicros),
    chain.readAccount(request.from),
    fees.get(chain),
  ]);
  const need = transferNeed({
    reading: account,
    energyPerTransfer: estimate.energy,
    fees: chainFees,
    bandwidthPerTransfer: estimate.bandwidth,
  });
  return {
    from: estimate.from,
    to: estimate.to,
    amountMicros: estimate.amountMicros.toString(),
    recipientHoldsUsdt: estimate.recipientHoldsUsdt,
    energy: estimate.energy.toString(),
    energyPenalty: estimate.energyPenalty.toString(),
    bandwidth: estimate.bandwidth.toString(),
    activated: account.activated,
    availableEnergy: account.energy.available.toString(),
    availableBandwidth: account.bandwidth.available.toString(),
    trxSun: account.trxSun.toString(),
    missingEnergy: need.missingEnergy.toString(),
    energyBurnSun: need.energyBurnSun.toString(),
    bandwidthBurnSun: need.bandwidthBurnSun.toString(),
    energyFeeSun: chainFees.energyFeeSun.toString(),
  };
}
