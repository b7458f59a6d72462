import type { Rect } from './popover-position.ts';

/** The dashboard's size the first time, and the smallest it may be: the popover's width, since the layout works from there. */
export const DASHBOARD_DEFAULT = { width: 1100, height: 760 } as const;
export const DASHBOARD_MIN = { width: 380, height: 480 } as const;

/**
 * Where the dashboard opens: where it was last time if that is still mostly on
 * a screen (a monitor may have gone), shrunk to fit that screen; otherwise
 * null and the platform centres the default size. Pure, so it is tested
 * without Electron.
 */
export function restoredBounds(saved: Rect | null, workAreas: readonly Rect[]): Rect | null {
  if (!saved) return null;
  const area = workAreas.find((a) => overlap(saved, a) >= (Math.min(saved.width, a.width) * Math.min(saved.height, a.height)) / 2);
  if (!area) return null;
  const width = clamp(saved.width, DASHBOARD_MIN.width, area.width);
  const height = clamp(saved.height, DASHBOARD_MIN.height, area.height);
  return {
    x: clamp(saved.x, area.x, area.x + area.width - width),
    y: clamp(saved.y, area.y, area.y + area.height - height),
    width,
    height,
  };
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

const clamp = (value: number, min: number, max: number): number => Math.max(min, Math.min(value, Math.max(min, max)));
