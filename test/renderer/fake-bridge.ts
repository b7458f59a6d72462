import type { EnergyTrayApi, EventName, IpcEvents } from '../../src/shared/ipc.ts';

type Listener = (payload: unknown) => void;

/**
 * A bridge for component tests: methods answer from the given overrides;
 * emit() pushes an event the way main would.
 */
export function installFakeBridge(overrides: Partial<Omit<EnergyTrayApi, 'on'>>) {
  const listeners = new Map<EventName, Set<Listener>>();
  const api = {
    getInfo: async () => ({ ok: true as const, value: { name: 'Energy Tray', version: '9.9.9', platform: 'linux' } }),
    ...overrides,
    on(event: EventName, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  } as EnergyTrayApi;
  window.energyTray = api;
  return {
    emit<E extends EventName>(event: E, payload: IpcEvents[E]) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  };
}
