import { formatTrx } from '../../shared/format.ts';
import type { ServiceApi } from '../api/types.ts';
import { validateFastRecover, validateTimedOrder } from '../api/validation.ts';
import type { OrderJournal } from '../orders/order-journal.ts';
import { submitPaidOrderWithCause, type SubmitOutcome } from '../orders/submit-paid-order.ts';
import type { Preset } from '../presets/preset.ts';
import { AppError } from './app-error.ts';

export interface PresetRunDeps {
  api: ServiceApi;
  journal: OrderJournal;
  profileId: string;
}

/** Why a preset was not bought; the app also shows it as a notification (a tray click has no window). */
export class PresetRefusedError extends AppError {
  constructor(message: string) {
    super('refused', message);
    this.name = 'PresetRefusedError';
  }
}

/**
 * One click: quote → refuse over the cap or the balance → buy once → journal.
 * Nothing is sent for a preset that fails validation, and the paid request
 * goes through submitPaidOrder (journaled before it is sent, never resent).
 * Errors thrown here happened before anything was sent; a failure of the paid
 * call itself comes back in SubmitOutcome.cause with the journaled record.
 */
export async function runPreset(deps: PresetRunDeps, preset: Preset): Promise<SubmitOutcome> {
  const { api } = deps;
  const capSun = BigInt(preset.capSun);
  let quotedSun: bigint;
  if (preset.kind === 'timed') {
    const request = { address: preset.address, count: preset.count, period: preset.period ?? '' };
    validateTimedOrder(preset.resource, request, preset.resource === 'net' ? 'buy_net' : 'buy_energy');
    quotedSun = (await api.queryPrice({ type: preset.resource, count: preset.count, period: request.period })).data.amountSun;
  } else {
    validateFastRecover({ address: preset.address, count: preset.count, resourceType: preset.resource }, 'buy_fast_recover');
    quotedSun = (await api.queryFastRecoverPrice(preset.resource, preset.count)).data.amountSun;
  }
  if (quotedSun > capSun) {
    throw new PresetRefusedError(
      `“${preset.name}” was not bought: the quote ${formatTrx(quotedSun)} is above its spending cap of ${formatTrx(capSun)}.`,
    );
  }
  const balance = (await api.userInfo()).data.trxSun;
  if (quotedSun > balance) {
    throw new PresetRefusedError(
      `“${preset.name}” was not bought: it costs ${formatTrx(quotedSun)} and your balance is ${formatTrx(balance)}. Top up your account in the service console.`,
    );
  }
  return submitPaidOrderWithCause(
    { api, journal: deps.journal },
    preset.kind === 'timed'
      ? {
          kind: preset.resource === 'net' ? 'net' : 'energy',
          profileId: deps.profileId,
          address: preset.address,
          resource: preset.resource,
          count: preset.count,
          period: preset.period,
          quotedSun,
          presetId: preset.id,
        }
      : {
          kind: 'fast_recover',
          profileId: deps.profileId,
          address: preset.address,
          resource: preset.resource,
          count: preset.count,
          quotedSun,
          presetId: preset.id,
        },
  );
}
