import { describe, expect, it } from 'vitest';
import { dashboardWindowOptions } from '../../src/main/window-options.ts';

describe('dashboard window options', () => {
  const options = dashboardWindowOptions('/app/preload/index.cjs', '/app/icon.png', { devTools: false });
  const prefs = options.webPreferences ?? {};

  it('isolates and sandboxes the renderer with no Node access', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and every risky feature off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
  });

  it('has DevTools only when asked (development), never in a packaged build', () => {
    expect(prefs.devTools).toBe(false);
    expect(dashboardWindowOptions('/p', '/i', { devTools: true }).webPreferences?.devTools).toBe(true);
  });

  it('uses the given preload and starts hidden (the tray shows it)', () => {
    expect(prefs.preload).toBe('/app/preload/index.cjs');
    expect(options.show).toBe(false);
  });
});
