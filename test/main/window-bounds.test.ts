import { describe, expect, it } from 'vitest';
import { DASHBOARD_MIN, restoredBounds } from '../../src/main/window-bounds.ts';
import { dashboardWindowOptions, popoverWindowOptions, POPOVER_SIZE } from '../../src/main/window-options.ts';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('the dashboard opens where it was', () => {
  it('gives the saved place back when it is on a screen', () => {
    const saved = { x: 1600, y: 100, width: 1280, height: 800 };
    expect(restoredBounds(saved, [laptop, external])).toEqual(saved);
  });

  it('forgets a place whose screen is gone (the platform then centres the default size)', () => {
    expect(restoredBounds({ x: 1600, y: 100, width: 1280, height: 800 }, [laptop])).toBeNull();
    expect(restoredBounds(null, [laptop])).toBeNull();
  });

  it('pulls a window hanging off the edge back in and shrinks it to the screen', () => {
    expect(restoredBounds({ x: 400, y: -20, width: 1280, height: 2000 }, [laptop])).toEqual({ x: 160, y: 0, width: 1280, height: 875 });
  });

  it('never restores below the smallest layout (the popover width)', () => {
    const tiny = restoredBounds({ x: 10, y: 10, width: 200, height: 200 }, [laptop]);
    expect(tiny?.width).toBe(DASHBOARD_MIN.width);
    expect(tiny?.height).toBe(DASHBOARD_MIN.height);
  });

  it('passes the restored place to the window, and allows it down to 380 px wide', () => {
    const options = dashboardWindowOptions('/p', '/i', { devTools: false, bounds: { x: 5, y: 6, width: 700, height: 600 } });
    expect(options).toMatchObject({ x: 5, y: 6, width: 700, height: 600, minWidth: 380 });
  });
});

describe('the tray popover window', () => {
  const options = popoverWindowOptions('/p.cjs', { devTools: false });
  it('is a small frameless window outside the taskbar, 380 px wide', () => {
    expect(options).toMatchObject({ width: 380, frame: false, skipTaskbar: true, show: false, resizable: false });
    expect(POPOVER_SIZE.width).toBe(380);
  });
  it('runs the same hardened renderer as the dashboard', () => {
    expect(options.webPreferences).toEqual(dashboardWindowOptions('/p.cjs', '/i', { devTools: false }).webPreferences);
  });
});
