import type { ServiceApi } from '../api/types.ts';
import type { Sun } from '../base/money.ts';
import type { OrderIntent } from '../orders/order-types.ts';
import type { Preset } from './preset.ts';

/**
 * What running a preset buys, in one place: its price now and the order it
 * places. The tray's labels, a one-click run and (later) an auto top-up rule
 * all go through here, so they can never quote one thing and buy another.
 */
export async function quotePreset(api: Pick<ServiceApi, 'queryPrice' | 'queryFastRecoverPrice'>, preset: Preset): Promise<Sun> {
  if (preset.kind === 'timed') {
    return (await api.queryPrice({ type: preset.resource, count: preset.count, period: preset.period ?? '' })).data.amountSun;
  }
  return (await api.queryFastRecoverPrice(preset.resource, preset.count)).data.amountSun;
}

/** The order a run of `preset` places for `profileId`, carrying the quote it was bought at. */
export function presetIntent(preset: Preset, profileId: string, quotedSun: Sun): OrderIntent {
  const common = { profileId, address: preset.address, resource: preset.resource, count: preset.count, quotedSun, presetId: preset.id };
  if (preset.kind === 'timed') return { kind: preset.resource === 'net' ? 'net' : 'energy', period: preset.period, ...common };
  return { kind: 'fast_recover', ...common };
}
