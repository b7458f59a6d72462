import type { EnergyTrayApi } from '../../shared/ipc.ts';

declare global {
  interface Window {
    energyTray: EnergyTrayApi;
  }
}

/**
 * The renderer's only door to main. Components and stores import this, never
 * window.energyTray directly, so tests can hand in a bridge of their own.
 */
export function getBridge(): EnergyTrayApi {
  return window.energyTray;
}
