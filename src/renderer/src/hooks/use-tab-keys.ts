import { useEffect } from 'react';

/** The tab an arrow key, Home or End moves to from `index` (wrapping at the ends), or null for another key. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** aria-keyshortcuts of the tab at `index`: Ctrl+N, or ⌘+N on macOS. */
export const tabShortcut = (index: number): string => `Control+${index + 1} Meta+${index + 1}`;

/**
 * Ctrl+1…9 (⌘ on macOS) opens tab N-1 from anywhere in the page: `open`
 * says whether there is such a tab. Focus then goes where a view opened from
 * outside the tab list sends it (App's view focus: the view's heading).
 */
export function useTabShortcuts(enabled: boolean, open: (index: number) => boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent): void => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || !/^[1-9]$/.test(e.key)) return;
      if (open(Number(e.key) - 1)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, open]);
}
