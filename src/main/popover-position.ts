export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where to put the dashboard so it opens next to the tray icon, like a
 * popover: centred under an icon in a top menu bar (macOS, top panels), above
 * one in a bottom taskbar (Windows), and always inside the work area. Returns
 * null when the platform gives no tray bounds (Linux AppIndicator).
 */
export function popoverPosition(
  tray: Rect,
  window: { width: number; height: number },
  workArea: Rect,
  gap = 6,
): { x: number; y: number } | null {
  if (tray.width === 0 && tray.height === 0) return null;
  const trayCentreX = tray.x + tray.width / 2;
  const trayCentreY = tray.y + tray.height / 2;
  const workCentreY = workArea.y + workArea.height / 2;
  let x = Math.round(trayCentreX - window.width / 2);
  let y = trayCentreY < workCentreY ? tray.y + tray.height + gap : tray.y - window.height - gap;
  // A taskbar on the left or right edge: open beside it instead.
  const onSideEdge = tray.x + tray.width <= workArea.x || tray.x >= workArea.x + workArea.width;
  if (onSideEdge) {
    x = tray.x >= workArea.x + workArea.width ? tray.x - window.width - gap : tray.x + tray.width + gap;
    y = Math.round(trayCentreY - window.height / 2);
  }
  x = Math.min(Math.max(x, workArea.x), workArea.x + workArea.width - window.width);
  y = Math.min(Math.max(y, workArea.y), workArea.y + workArea.height - window.height);
  return { x: Math.round(x), y: Math.round(y) };
}
