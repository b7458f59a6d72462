import { Menu, Tray, nativeImage, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { join } from 'node:path';
import { trayModelKey, type TrayAction, type TrayIconState, type TrayMenuItem, type TrayModel } from '../core/app/ports.ts';
import { translator } from '../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../shared/i18n/languages.ts';

/**
 * Renders a TrayModel into Electron's Tray. The native menu is rebuilt only
 * when the model changes, and a changed menu is handed over again with
 * setContextMenu, because Linux (AppIndicator) ignores changes to a menu that
 * is already set.
 */
export function toMenuTemplate(items: TrayMenuItem[], onAction: (action: TrayAction) => void): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'checkbox':
        return { type: 'checkbox', label: item.label, checked: item.checked, click: () => onAction(item.action) };
      case 'submenu':
        return { label: item.label, enabled: item.enabled, submenu: toMenuTemplate(item.items, onAction) };
      case 'item': {
        const action = item.action;
        return { label: item.label, enabled: item.enabled, ...(action ? { click: () => onAction(action) } : {}) };
      }
    }
  });
}

function iconFile(state: TrayIconState, platform: NodeJS.Platform): string {
  const base = state === 'normal' ? 'tray' : `tray-${state}`;
  // macOS template images are tinted by the menu bar for light and dark; @2x siblings are picked up automatically.
  return platform === 'darwin' ? `${base}Template.png` : `${base}.png`;
}

export class TrayView {
  private readonly tray: Tray;
  private readonly icons = new Map<TrayIconState, NativeImage>();
  private lastKey = '';
  private lastIcon: TrayIconState | null = null;
  private readonly resourcesDir: string;
  private readonly onAction: (action: TrayAction) => void;

  /** `language`: the system's, until the core's first model (in the language of the settings) replaces the menu. */
  constructor(resourcesDir: string, onAction: (action: TrayAction) => void, onClick: () => void, language: Language = SOURCE_LANGUAGE) {
    this.resourcesDir = resourcesDir;
    this.onAction = onAction;
    this.tray = new Tray(this.icon('normal'));
    this.tray.setToolTip('Energy Tray');
    // Until the core hands over its first model (or if it never does), the menu can still open the dashboard and quit.
    const t = translator(language, 'tray');
    this.tray.setContextMenu(
      Menu.buildFromTemplate(
        toMenuTemplate(
          [
            { type: 'item', label: t('openDashboard'), enabled: true, action: { kind: 'openDashboard' } },
            { type: 'item', label: t('quit'), enabled: true, action: { kind: 'quit' } },
          ],
          onAction,
        ),
      ),
    );
    // Linux AppIndicator sends no click; elsewhere a left click opens the dashboard.
    this.tray.on('click', onClick);
  }

  /** Returns true when the native menu was rebuilt. */
  render(model: TrayModel): boolean {
    if (model.icon !== this.lastIcon) {
      this.tray.setImage(this.icon(model.icon));
      this.lastIcon = model.icon;
    }
    const key = trayModelKey(model);
    if (key === this.lastKey) return false;
    this.lastKey = key;
    this.tray.setToolTip(model.tooltip);
    if (process.platform === 'darwin') this.tray.setTitle(model.title);
    this.tray.setContextMenu(Menu.buildFromTemplate(toMenuTemplate(model.menu, this.onAction)));
    return true;
  }

  /** Screen bounds of the icon; all zero where the platform does not tell (Linux). */
  bounds(): { x: number; y: number; width: number; height: number } {
    return this.tray.getBounds();
  }

  destroy(): void {
    this.tray.destroy();
  }

  private icon(state: TrayIconState): NativeImage {
    let image = this.icons.get(state);
    if (!image) {
      image = nativeImage.createFromPath(join(this.resourcesDir, iconFile(state, process.platform)));
      if (process.platform === 'darwin') image.setTemplateImage(true);
      this.icons.set(state, image);
    }
    return image;
  }
}
