import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rectangle } from 'electron';
import { cancellableEvent, fakeElectron, electronState, resetElectronState, windowOpenDetails } from '../support/fake-electron.ts';

vi.mock('electron', () => fakeElectron);

const { createDashboardWindow, markQuitting, showDashboard } = await import('../../src/main/dashboard-window.ts');

const saved: Rectangle[] = [];

function makeWindow() {
  const win = createDashboardWindow({
    preload: '/p.cjs',
    icon: '/i.png',
    url: 'app://bundle/index.html',
    devTools: false,
    bounds: null,
    onBoundsChanged: (bounds) => saved.push(bounds),
  });
  const created = electronState.windows.at(-1);
  if (!created || (created.window as unknown) !== win) throw new Error('no window created');
  return created;
}

describe('dashboard window guards', () => {
  beforeEach(resetElectronState);

  it('denies window.open and opens only allow-listed links externally', () => {
    const contents = makeWindow().webContents;
    const handler = contents.windowOpenHandler;
    expect(handler).toBeDefined();
    expect(handler?.(windowOpenDetails('https://evil.example/'))).toEqual({ action: 'deny' });
    expect(handler?.(windowOpenDetails('https://tronscan.org/#/transaction/ab'))).toEqual({ action: 'deny' });
    expect(electronState.openedExternally).toEqual(['https://tronscan.org/#/transaction/ab']);
    // What is opened is the URL that was checked, normalised, not the raw text.
    handler?.(windowOpenDetails(' HTTPS://TronScan.ORG/#/address/T1'));
    expect(electronState.openedExternally.at(-1)).toBe('https://tronscan.org/#/address/T1');
  });

  it('creates the window hidden, without DevTools when packaged, and loads the app page', () => {
    const { options, window } = makeWindow();
    expect(options.webPreferences?.devTools).toBe(false);
    expect(window.isVisible()).toBe(false);
    expect(window.loadedUrl).toBe('app://bundle/index.html');
  });

  it('prevents navigation and redirects away from the dashboard, and allows a hash change', () => {
    const contents = makeWindow().webContents;
    contents.url = 'app://bundle/index.html';
    const away = cancellableEvent();
    contents.listeners.get('will-navigate')?.(away, 'https://evil.example/');
    expect(away.defaultPrevented).toBe(true);
    const redirect = cancellableEvent();
    contents.listeners.get('will-redirect')?.(redirect, 'https://evil.example/');
    expect(redirect.defaultPrevented).toBe(true);
    const hash = cancellableEvent();
    contents.listeners.get('will-navigate')?.(hash, 'app://bundle/index.html#/orders');
    expect(hash.defaultPrevented).toBe(false);
  });

  it('refuses webview attachment', () => {
    const contents = makeWindow().webContents;
    const attach = cancellableEvent();
    contents.listeners.get('will-attach-webview')?.(attach);
    expect(attach.defaultPrevented).toBe(true);
  });

  it('reloads a renderer that crashed, not one that exited cleanly', () => {
    const contents = makeWindow().webContents;
    contents.listeners.get('render-process-gone')?.(cancellableEvent(), { reason: 'clean-exit', exitCode: 0 });
    expect(contents.reloads).toBe(0);
    contents.listeners.get('render-process-gone')?.(cancellableEvent(), { reason: 'crashed', exitCode: 139 });
    expect(contents.reloads).toBe(1);
  });
});

describe('the dashboard window’s place and life (vitest’s fake timers as the clock)', () => {
  beforeEach(() => {
    resetElectronState();
    saved.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('remembers its place once, when a move or resize has been still for a moment', () => {
    const { window } = makeWindow();
    window.normalBounds = { x: 10, y: 20, width: 900, height: 700 };
    window.emit('move');
    vi.advanceTimersByTime(300);
    window.emit('resize');
    vi.advanceTimersByTime(599);
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual([{ x: 10, y: 20, width: 900, height: 700 }]);
  });

  it('does not remember a minimised or full-screen place', () => {
    const { window } = makeWindow();
    window.minimized = true;
    window.emit('resize');
    vi.advanceTimersByTime(1_000);
    window.minimized = false;
    window.fullScreen = true;
    window.emit('move');
    vi.advanceTimersByTime(1_000);
    expect(saved).toEqual([]);
  });

  it('showDashboard restores a minimised window, shows and focuses it', () => {
    const { window } = makeWindow();
    window.minimized = true;
    showDashboard(window as never);
    expect([window.isMinimized(), window.isVisible(), window.focused]).toEqual([false, true, true]);
  });

  it('closing hides the window (a tray app keeps running) until the app is quitting', () => {
    const { window } = makeWindow();
    window.show();
    const close = cancellableEvent();
    window.emit('close', close);
    expect([close.defaultPrevented, window.isVisible()]).toEqual([true, false]);
    markQuitting();
    const quitClose = cancellableEvent();
    window.show();
    window.emit('close', quitClose);
    expect([quitClose.defaultPrevented, window.isVisible()]).toEqual([false, true]);
  });
});
