import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { METHOD_NAMES, type EventName, type IpcEvents } from '../../src/shared/ipc.ts';

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export type Invoke = (method: string, request: unknown) => Promise<unknown>;

export interface DashboardPage {
  context: BrowserContext;
  page: Page;
  /** Push an event to the page the way main's webContents.send would. */
  emit<E extends EventName>(event: E, payload: IpcEvents[E]): Promise<void>;
}

/**
 * Opens the built renderer with window.energyTray bridged to `invoke`, which the
 * tests point at the real main-process handler table (dispatch), so the page
 * exercises the same handlers Electron registers. Values cross as JSON, as
 * they cross Electron's IPC as structured clones.
 */
export async function openDashboard(
  browser: Browser,
  url: string,
  invoke: Invoke,
  options: { colorScheme?: 'light' | 'dark'; bypassCSP?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<DashboardPage> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    bypassCSP: options.bypassCSP ?? false,
    viewport: options.viewport ?? { width: 960, height: 680 },
  });
  await context.exposeBinding('__energyTrayInvoke', (_source, method: string, request: unknown) =>
    invoke(method, request),
  );
  await context.addInitScript((methods: string[]) => {
    type Listener = (payload: unknown) => void;
    const listeners = new Map<string, Set<Listener>>();
    const w = globalThis as unknown as Record<string, unknown>;
    const invokeBinding = w['__energyTrayInvoke'] as (m: string, r: unknown) => Promise<unknown>;
    const api: Record<string, unknown> = {};
    for (const method of methods) {
      api[method.slice('app:'.length)] = (request: unknown) => invokeBinding(method, request);
    }
    api['on'] = (event: string, listener: Listener) => {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    };
    w['energyTray'] = Object.freeze(api);
    w['__energyTrayEmit'] = (event: string, payload: unknown) => {
      for (const l of listeners.get(event) ?? []) l(payload);
    };
  }, METHOD_NAMES);
  const page = await context.newPage();
  await page.goto(url);
  return {
    context,
    page,
    async emit(event, payload) {
      await page.evaluate(
        ([e, p]) => (globalThis as unknown as { __energyTrayEmit(e: unknown, p: unknown): void }).__energyTrayEmit(e, p),
        [event, payload] as const,
      );
    },
  };
}
