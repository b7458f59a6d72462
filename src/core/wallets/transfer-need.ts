import type { ChainFees, ResourceReading } from '../chain/chain-client.ts';
import { BANDWIDTH_PER_USDT_TRANSFER, ENERGY_PER_TRANSFER_TO_HOLDER, ENERGY_PER_TRANSFER_TO_NEW_ADDRESS } from '../chain/usdt.ts';
import { bandwidthBurnSun, energyBurnSun, energyShortfall, energyToOrder, transfersCovered } from './need-estimate.ts';

/** Where a watched address usually sends: decides the energy per transfer when no exact estimate is asked. */
export type RecipientKind = 'holder' | 'new';

export function typicalEnergyPerTransfer(kind: RecipientKind): bigint {
  return kind === 'holder' ? ENERGY_PER_TRANSFER_TO_HOLDER : ENERGY_PER_TRANSFER_TO_NEW_ADDRESS;
}

export interface TransferNeedInput {
  reading: Pick<ResourceReading, 'energy' | 'bandwidth'>;
  /** A typical figure or a dry run's energy (ChainClient.estimateTransfer). */
  energyPerTransfer: bigint;
  /** Transfers to cover (default 1). */
  transfers?: bigint;
  fees: ChainFees;
  bandwidthPerTransfer?: bigint;
}

export interface TransferNeed {
  availableEnergy: bigint;
  energyPerTransfer: bigint;
  transfers: bigint;
  /** Transfers the available energy pays for now. */
  covered: bigint;
  /** Energy lacking for `transfers`: what the chain would burn TRX for. */
  missingEnergy: bigint;
  /** What to order to cover them: missingEnergy raised to the service minimum, or 0. */
  orderEnergy: bigint;
  /** TRX burned for missingEnergy at getEnergyFee. */
  energyBurnSun: bigint;
  /** TRX burned for bandwidth the transfers lack at getTransactionFee. */
  bandwidthBurnSun: bigint;
}

/** Everything "cover N transfers" and "estimate a transfer" show, from one reading and the chain's fees. */
export function transferNeed(input: TransferNeedInput): TransferNeed {
  const transfers = input.transfers ?? 1n;
  const available = input.reading.energy.available;
  const missingEnergy = energyShortfall(available, input.energyPerTransfer, transfers);
  return {
    availableEnergy: available,
    energyPerTransfer: input.energyPerTransfer,
    transfers,
    covered: transfersCovered(available, input.energyPerTransfer),
    missingEnergy,
    orderEnergy: energyToOrder(available, input.energyPerTransfer, transfers),
    energyBurnSun: energyBurnSun(missingEnergy, input.fees.energyFeeSun),
    bandwidthBurnSun: bandwidthBurnSun(
      input.reading.bandwidth,
      input.fees.bandwidthFeeSun,
      transfers,
      input.bandwidthPerTransfer ?? BANDWIDTH_PER_USDT_TRANSFER,
    ),
  };
}
