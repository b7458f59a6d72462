import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The dashboard window's options, as data so a unit test can assert each
 * security-relevant flag. The renderer gets no Node, runs sandboxed and
 * isolated, and talks to main only through the preload's contract.
 */
export function dashboardWindowOptions(preloadPath: string, iconPath: string, options: { devTools: boolean }): BrowserWindowConstructorOptions {
  return {
    width: 960,
    height: 680,
    minWidth: 420,
    minHeight: 480,
    show: false,
    title: 'Energy Tray',
    icon: iconPath,
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      // A packaged app has no DevTools: nobody at the keyboard can be talked into running code in the renderer.
      devTools: options.devTools,
    },
  };
}
