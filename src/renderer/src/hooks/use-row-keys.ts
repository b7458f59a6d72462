import { useEffect, type RefObject } from 'react';

const MOVES = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
/** The popover's rows: a wallet (data-pop-row), an order in progress, a recent outcome. */
const ROWS = '[data-pop-row], [data-testid="in-progress-row"], [data-testid="recent-outcomes"] > li';

/** Each row's control: its marked one (a live Top up, else the wallet's label), else the first button in it (an order). */
function rowControls(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(ROWS)]
    .map(
      (row) =>
        row.querySelector<HTMLElement>('[data-pop-primary]:not([disabled])') ?? row.querySelector<HTMLElement>('button:not([disabled])'),
    )
    .filter((control): control is HTMLElement => control !== null);
}

/**
 * A list you move through by keyboard: ↑/↓ between rows (Home/End to the
 * ends), Enter acts on the row's button (a native button does), Escape calls
 * `onEscape` unless something open inside (a confirmation) took it first.
 */
export function useRowKeys(root: RefObject<HTMLElement | null>, onEscape: () => void): void {
  useEffect(() => {
    const element = root.current;
    const onMove = (e: KeyboardEvent): void => {
      if (!element || !MOVES.includes(e.key) || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      const controls = rowControls(element);
      if (controls.length === 0) return;
      const at = controls.findIndex((c) => c.closest('li')?.contains(document.activeElement));
      const last = controls.length - 1;
      const next = e.key === 'Home' ? 0 : e.key === 'End' ? last : e.key === 'ArrowDown' ? Math.min(at + 1, last) : Math.max(at - 1, 0);
      e.preventDefault();
      controls[next]?.focus();
    };
    // On the window, after the document's listeners: a confirmation's own Escape (use-escape.ts) closes it first.
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape' && !e.defaultPrevented) onEscape();
    };
    element?.addEventListener('keydown', onMove);
    window.addEventListener('keydown', onKey);
    return () => {
      element?.removeEventListener('keydown', onMove);
      window.removeEventListener('keydown', onKey);
    };
  }, [root, onEscape]);
}
