import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, electronState, resetElectronState, windowOpenDetails } from '../support/fake-electron.ts';
import { popoverPosition } from '../../src/main/popover-position.ts';
import { POPOVER_SIZE, popoverWindowOptions } from '../../src/main/window-options.ts';

vi.mock('electron', () => fakeElectron);
const { PopoverWindow } = await import('../../src/main/popover-window.ts');

const paths = { preload: '/p.cjs', devTools: false, url: 'app://bundle/index.html#popover' };
const icon = { x: 1000, y: 0, width: 22, height: 22 };
const workArea = { x: 0, y: 25, width: 1440, height: 875 };

/** The popover's blur guard reads Date.now(): vitest's fake timers are its clock here. */
describe('the tray popover window (glue)', () => {
  beforeEach(() => {
    resetElectronState();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('makes no window until the first click, then one hardened window it reuses', () => {
    const popover = new PopoverWindow(paths);
    expect(popover.webContents).toBeUndefined();
    expect(electronState.windows).toEqual([]);
    popover.toggle(icon, workArea);
    popover.toggle(icon, workArea);
    popover.toggle(icon, workArea);
    expect(electronState.windows).toHaveLength(1);
    const [created] = electronState.windows;
    expect(created?.options).toEqual(popoverWindowOptions('/p.cjs', { devTools: false }));
    expect(created?.window.loadedUrl).toBe('app://bundle/index.html#popover');
    expect(popover.webContents).toBe(created?.webContents);
    // The same guards as the dashboard: popups denied.
    expect(created?.webContents.windowOpenHandler?.(windowOpenDetails('https://evil.example/'))).toEqual({ action: 'deny' });
  });

  it('a click shows it beside the icon and focuses it; the next click hides it', () => {
    const popover = new PopoverWindow(paths);
    popover.toggle(icon, workArea);
    const win = electronState.windows[0]!.window;
    const beside = popoverPosition(icon, POPOVER_SIZE, workArea)!;
    expect([win.isVisible(), win.focused, win.position]).toEqual([true, true, [beside.x, beside.y]]);
    popover.toggle(icon, workArea);
    expect(win.isVisible()).toBe(false);
  });

  it('hides when it loses focus, and the click that took the focus does not reopen it', () => {
    const popover = new PopoverWindow(paths);
    popover.toggle(icon, workArea);
    const win = electronState.windows[0]!.window;
    win.emit('blur');
    expect(win.isVisible()).toBe(false);
    vi.advanceTimersByTime(100);
    popover.toggle(icon, workArea);
    expect(win.isVisible()).toBe(false);
    vi.advanceTimersByTime(200);
    popover.toggle(icon, workArea);
    expect(win.isVisible()).toBe(true);
  });

  it('hide() and destroy() act only on a live window; a destroyed one is made again', () => {
    const popover = new PopoverWindow(paths);
    popover.hide();
    popover.destroy();
    expect(electronState.windows).toEqual([]);
    popover.toggle(icon, workArea);
    const first = electronState.windows[0]!.window;
    popover.hide();
    expect(first.isVisible()).toBe(false);
    popover.destroy();
    expect(first.isDestroyed()).toBe(true);
    expect(popover.webContents).toBeUndefined();
    popover.toggle(icon, workArea);
    expect(electronState.windows).toHaveLength(2);
    expect(electronState.windows[1]!.window.isVisible()).toBe(true);
  });
});
