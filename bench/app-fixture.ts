import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppService } from '../src/core/app/app-service.ts';
import { wireAppServices, type AppServices } from '../src/core/app/app-wiring.ts';
import type { EventName, IpcEvents } from '../src/shared/ipc.ts';
import { createHandlerTable, type HandlerTable } from '../src/core/ipc/handler-table.ts';
import type { EventSink, TrayPort } from '../src/core/app/ports.ts';
import { trayModelKey } from '../src/core/app/tray/tray-model.ts';
import { MemoryCredentialStore } from '../src/core/credentials/memory-store.ts';
import { profileDataDir } from '../src/core/settings/user-data-dir.ts';
import { tronAddressFromSeed } from '../src/core/simulator/index.ts';
import { FakeApproval } from '../test/support/fake-approval.ts';
import { seedHistory } from './history-seed.ts';
import { BENCH_USER, startSimulatorProcess } from './sim-process.ts';

/** The person at the screen approves what the set-up asks main (the account, the orders in flight). */
const personApproves = new FakeApproval();

export interface AppWithHistory {
  services: AppServices;
  userDataDir: string;
  /** Events the app pushed (counted: the glue would send each to the dashboard). */
  pushed: { count: number };
  /** The tray port: like the Electron glue, keys each model and redraws only when the key changed. */
  tray: { renders: number; redraws: number };
  close(): Promise<void>;
}

/**
 * The app's real services on test ports, connected to an account at the
 * simulator (its own process) whose order store holds `history` finished
 * orders and `inFlight` orders placed through the app and still running.
 */
export async function appWithHistory(history: number, inFlight: number, presets = 0): Promise<AppWithHistory> {
  const sim = await startSimulatorProcess({ timing: { timedOrderMs: 3_600_000, fastRecoverMs: 3_600_000 } });
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-app-'));
  const pushed = { count: 0 };
  const tray = { renders: 0, redraws: 0 };
  let lastKey = '';
  const events: EventSink = { emit: () => void pushed.count++ };
  const trayPort: TrayPort = {
    render: (model) => {
      tray.renders++;
      const key = trayModelKey(model);
      if (key !== lastKey) tray.redraws++;
      lastKey = key;
    },
  };
  const services = wireAppServices(
    {
      info: { name: 'Energy Tray', version: 'bench', platform: 'linux' },
      userDataDir,
      credentialStore: new MemoryCredentialStore(),
      notifier: { show: () => undefined },
      events,
      tray: trayPort,
      approval: personApproves,
    },
  );
  await services.settings.load();
  await services.sessions.start();
  await services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: BENCH_USER.apiKey, apiSecret: BENCH_USER.secret });
  const profileId = services.settings.current.activeProfileId!;
  await services.sessions.stop();
  seedHistory(profileDataDir(userDataDir, profileId), history);
  await services.sessions.start();
  for (let i = 0; i < presets; i++) {
    await services.presets.save({ name: `Preset ${i}`, kind: 'timed', resource: 'energy', period: '1h', count: 65_000 + i * 1_000, address: tronAddressFromSeed(`preset-${i}`), capSun: '100000000' });
  }
  for (let i = 0; i < inFlight; i++) {
    await services.commands.buyTimed({ type: 'energy', address: tronAddressFromSeed(`in-flight-${i}`), count: 65_000, period: '1h' });
  }
  return {
    services,
    userDataDir,
    pushed,
    tray,
    close: async () => {
      await services.sessions.stop();
      await sim.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface AppServiceWithHistory {
  service: AppService;
  table: HandlerTable;
  /** Forwards pushed events (the UI bench hands them to the page). */
  onEvent: { current: (<E extends EventName>(event: E, payload: IpcEvents[E]) => void) | null };
  close(): Promise<void>;
}

/** The same, as the facade the handler table and the dashboard use (IPC answers through createHandlerTable). */
export async function appServiceWithHistory(history: number, inFlight: number): Promise<AppServiceWithHistory> {
  const sim = await startSimulatorProcess({ timing: { timedOrderMs: 3_600_000, fastRecoverMs: 3_600_000 } });
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-app-'));
  const credentialStore = new MemoryCredentialStore();
  const onEvent: AppServiceWithHistory['onEvent'] = { current: null };
  const service = new AppService({
    info: { name: 'Energy Tray', version: 'bench', platform: 'linux' },
    userDataDir,
    credentialStore,
    notifier: { show: () => undefined },
    events: { emit: (event, payload) => onEvent.current?.(event, payload) },
    approval: personApproves,
  });
  await service.start();
  await service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: BENCH_USER.apiKey, apiSecret: BENCH_USER.secret });
  const state = service.services.state.view();
  await service.stop();
  seedHistory(profileDataDir(userDataDir, state.activeProfileId!), history);
  await service.start();
  for (let i = 0; i < inFlight; i++) await service.services.commands.buyTimed({ type: 'energy', address: tronAddressFromSeed(`ui-in-flight-${i}`), count: 65_000, period: '1h' });
  return {
    service,
    table: createHandlerTable(service.services),
    onEvent,
    close: async () => {
      await service.stop();
      await sim.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
