import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, electronState, resetElectronState } from '../support/fake-electron.ts';

vi.mock('electron', () => fakeElectron);

const { createDashboardWindow } = await import('../../src/main/dashboard-window.ts');

function makeWindow() {
  createDashboardWindow({ preload: '/p.cjs', icon: '/i.png', url: 'app://bundle/index.html', devTools: false, bounds: null, onBoundsChanged: () => undefined });
  const created = electronState.windows.at(-1);
  if (!created) throw new Error('no window created');
  return created.webContents;
}

describe('dashboard window guards', () => {
  beforeEach(resetElectronState);

  it('denies window.open and opens only allow-listed links externally', () => {
    const contents = makeWindow();
    const handler = contents.windowOpenHandler;
    expect(handler).toBeDefined();
    expect(handler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(handler?.({ url: 'https://tronscan.org/#/transaction/ab' })).toEqual({ action: 'deny' });
    expect(electronState.openedExternally).toEqual(['https://tronscan.org/#/transaction/ab']);
    // What is opened is the URL that was checked, normalised, not the raw text.
    handler?.({ url: ' HTTPS://TronScan.ORG/#/address/T1' });
    expect(electronState.openedExternally.at(-1)).toBe('https://tronscan.org/#/address/T1');
  });

  it('creates the window without DevTools when packaged', () => {
    makeWindow();
    const prefs = (electronState.windows.at(-1)?.options as { webPreferences: { devTools: boolean } }).webPreferences;
    expect(prefs.devTools).toBe(false);
  });

  it('prevents navigation away from the dashboard', () => {
    const contents = makeWindow();
    const preventDefault = vi.fn();
    contents.listeners.get('will-navigate')?.({ preventDefault }, 'https://evil.example/');
    expect(preventDefault).toHaveBeenCalledTimes(1);
    const redirect = vi.fn();
    contents.listeners.get('will-redirect')?.({ preventDefault: redirect }, 'https://evil.example/');
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('refuses webview attachment', () => {
    const contents = makeWindow();
    const preventDefault = vi.fn();
    contents.listeners.get('will-attach-webview')?.({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });
});
