import { BrowserWindow } from 'electron';
import { applyWindowGuards } from './dashboard-window.ts';
import { popoverPosition, type Rect } from './popover-position.ts';
import { POPOVER_SIZE, popoverWindowOptions } from './window-options.ts';

export interface PopoverPaths {
  preload: string;
  devTools: boolean;
  /** The renderer's page with the popover route (#popover). */
  url: string;
}

/**
 * The tray popover of Windows and macOS: a left click on the icon shows it
 * next to the icon (or hides it when shown), it hides when it loses focus.
 * Linux AppIndicator sends no clicks, so there it is never created and the
 * tray menu does everything (its "Open dashboard" opens the window).
 */
export class PopoverWindow {
  private win: BrowserWindow | null = null;
  private readonly paths: PopoverPaths;
  /** A click on the icon blurs the popover first: do not reopen what that click just closed. */
  private hiddenAt = 0;

  constructor(paths: PopoverPaths) {
    this.paths = paths;
  }

  get webContents(): Electron.WebContents | undefined {
    return this.win && !this.win.isDestroyed() ? this.win.webContents : undefined;
  }

  toggle(tray: Rect, workArea: Rect): void {
    const win = this.window();
    if (win.isVisible()) {
      win.hide();
      return;
    }
    if (Date.now() - this.hiddenAt < 250) return;
    const pos = popoverPosition(tray, POPOVER_SIZE, workArea);
    if (pos) win.setPosition(pos.x, pos.y);
    win.show();
    win.focus();
  }

  hide(): void {
    if (this.win && !this.win.isDestroyed() && this.win.isVisible()) this.win.hide();
  }

  destroy(): void {
    if (this.win && !this.win.isDestroyed()) this.win.destroy();
  }

  private window(): BrowserWindow {
    if (this.win && !this.win.isDestroyed()) return this.win;
    const win = new BrowserWindow(popoverWindowOptions(this.paths.preload, { devTools: this.paths.devTools }));
    applyWindowGuards(win);
    win.on('blur', () => {
      this.hiddenAt = Date.now();
      win.hide();
    });
    void win.loadURL(this.paths.url);
    this.win = win;
    return win;
  }
}
