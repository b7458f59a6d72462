import { Menu, Tray, nativeImage } from 'electron';

export interface TrayActions {
  openDashboard(): void;
  quit(): void;
}

/**
 * The tray icon. On macOS a template image (tinted by the menu bar); elsewhere a
 * PNG with an @2x sibling that Electron picks for high-DPI screens.
 */
export function createTray(iconPath: string, actions: TrayActions): Tray {
  const image = nativeImage.createFromPath(iconPath);
  if (process.platform === 'darwin') image.setTemplateImage(true);
  const tray = new Tray(image);
  tray.setToolTip('Energy Tray');
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Open dashboard', click: actions.openDashboard },
      { type: 'separator' },
      { label: 'Quit', click: actions.quit },
    ]),
  );
  // Linux AppIndicator sends no click; elsewhere a left click opens the dashboard.
  tray.on('click', actions.openDashboard);
  return tray;
}
