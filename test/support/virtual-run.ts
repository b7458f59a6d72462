import type { VirtualClock } from '../../src/core/base/virtual-clock.ts';

/**
 * Steps a virtual clock from timer to timer up to `until`, letting `settle`
 * finish between steps (HTTP on loopback takes no virtual time), then sets
 * the clock to `until`.
 */
export async function runVirtual(clock: VirtualClock, settle: () => Promise<void>, until: number): Promise<void> {
  await settle();
  for (let next = clock.nextAt(); next !== undefined && next <= until; next = clock.nextAt()) {
    clock.step();
    await settle();
  }
  clock.advanceTo(until);
}
