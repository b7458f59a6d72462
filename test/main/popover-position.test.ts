import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { popoverPosition } from '../../src/main/popover-position.ts';

const win = { width: 400, height: 500 };

describe('popover position next to the tray', () => {
  it('opens under an icon in a top menu bar, centred on it', () => {
    const work = { x: 0, y: 25, width: 1440, height: 875 };
    expect(popoverPosition({ x: 1000, y: 0, width: 22, height: 22 }, win, work)).toEqual({ x: 811, y: 28 });
  });

  it('opens above an icon in a bottom taskbar, kept inside the screen', () => {
    const work = { x: 0, y: 0, width: 1920, height: 1040 };
    expect(popoverPosition({ x: 1880, y: 1045, width: 24, height: 30 }, win, work)).toEqual({ x: 1520, y: 539 });
  });

  it('gives no position when the platform reports no tray bounds (Linux AppIndicator)', () => {
    expect(popoverPosition({ x: 0, y: 0, width: 0, height: 0 }, win, { x: 0, y: 0, width: 800, height: 600 })).toBeNull();
  });

  it('always stays inside the work area', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 64 }),
        (tx, ty, size) => {
          const work = { x: 0, y: 0, width: 3000, height: 2000 };
          const pos = popoverPosition({ x: tx, y: ty, width: size, height: size }, win, work);
          return pos !== null && pos.x >= 0 && pos.y >= 0 && pos.x + win.width <= 3000 && pos.y + win.height <= 2000;
        },
      ),
    );
  });
});
