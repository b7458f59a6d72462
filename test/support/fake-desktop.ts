import { readFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { join } from 'node:path';
import type { EventName, IpcEvents, OrderView } from '../../src/shared/ipc.ts';
import { AppService, type AppServiceDeps } from '../../src/core/app/app-service.ts';
import type { AppServices } from '../../src/core/app/app-wiring.ts';
import { createHandlerTable } from '../../src/core/ipc/handler-table.ts';
import type { HandlerTable } from '../../src/core/ipc/handler-table.ts';
import { MemoryCredentialStore } from '../../src/core/credentials/memory-store.ts';
import type { TrayModel } from '../../src/core/app/tray/tray-model.ts';
import { FakeApproval } from './fake-approval.ts';
import { tempDir } from './temp-dir.ts';

export interface RecordedEvent {
  event: EventName;
  payload: unknown;
}

export interface AppOnFakeDesktop {
  service: AppService;
  /** The services the facade wired (for waiting on them; tests act through `service`). */
  services: AppServices;
  /**
   * Resolves when nothing the app started is still running: wallet reads, the
   * rule evaluations they set off, and the order work (journal writes) that
   * follows, in that order. No clock moves: what is waited for was already started.
   */
  whenIdle(): Promise<void>;
  table: HandlerTable;
  userDataDir: string;
  store: MemoryCredentialStore;
  notifications: Array<{ title: string; body: string; localId?: string }>;
  events: RecordedEvent[];
  trayModels: TrayModel[];
  opened: string[];
  /** The main-drawn approval, scripted (approves everything unless told otherwise). */
  approval: FakeApproval;
  /** Extra listener for pushed events (the e2e bridge forwards them to the page). */
  onEvent: { current: (<E extends EventName>(event: E, payload: IpcEvents[E]) => void) | null };
}

const VERSION = (JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

/**
 * The real AppService with test ports: a temp user-data folder, an in-memory
 * keychain, recording notifier/event sink/tray, a scripted approval (approves
 * unless told otherwise), and short demo timings.
 */
export async function startAppOnFakeDesktop(overrides: Partial<AppServiceDeps> = {}): Promise<AppOnFakeDesktop> {
  const userDataDir = overrides.userDataDir ?? tempDir('app');
  const store = (overrides.credentialStore as MemoryCredentialStore | undefined) ?? new MemoryCredentialStore();
  const notifications: AppOnFakeDesktop['notifications'] = [];
  const events: RecordedEvent[] = [];
  const trayModels: TrayModel[] = [];
  const opened: string[] = [];
  const onEvent: AppOnFakeDesktop['onEvent'] = { current: null };
  const approval = (overrides.approval as FakeApproval | undefined) ?? new FakeApproval();
  let services: AppServices | undefined;
  const service = new AppService({
    info: { name: 'Energy Tray', version: VERSION, platform: 'linux' },
    userDataDir,
    credentialStore: store,
    notifier: { show: (n) => notifications.push(n) },
    events: {
      emit: (event, payload) => {
        events.push({ event, payload });
        onEvent.current?.(event, payload);
      },
    },
    desktop: {
      openExternal: async (url) => {
        opened.push(url);
        return true;
      },
      openPath: async () => true,
      setLaunchAtLogin: () => undefined,
    },
    demoTiming: { timedOrderMs: 1500, fastRecoverMs: 1000, reclaimMs: 1000, activationMs: 1000 },
    timeoutMs: 5000,
    tray: { render: (model) => void trayModels.push(model) },
    ...overrides,
    approval,
    onWired: (wired) => {
      services = wired;
      overrides.onWired?.(wired);
    },
  });
  if (!services) throw new Error('AppService did not hand over its services');
  const wired = services;
  const whenIdle = async (): Promise<void> => {
    await wired.wallets.whenIdle();
    await wired.rules.whenIdle();
    await wired.sessions.current()?.scheduler.whenIdle();
  };
  await service.start();
  return {
    service,
    services: wired,
    whenIdle,
    table: createHandlerTable(service.services),
    userDataDir,
    store,
    notifications,
    events,
    trayModels,
    opened,
    approval,
    onEvent,
  };
}

/** For one test file: starts apps on fake desktops and stops each after its test. */
export function fakeDesktopApps(): (overrides?: Partial<AppServiceDeps>) => Promise<AppOnFakeDesktop> {
  const started: AppOnFakeDesktop[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((h) => h.service.stop()));
  });
  return async (overrides) => {
    const h = await startAppOnFakeDesktop(overrides);
    started.push(h);
    return h;
  };
}

/** The first 200 orders of the live history, newest first (what app:queryOrders answers for an unfiltered first page). */
export function listOrders(service: AppService): OrderView[] {
  return service.services.orders.query({ offset: 0, limit: 200 }).orders;
}
