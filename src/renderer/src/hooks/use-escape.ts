import { useEffect, useRef } from 'react';

/**
 * Escape closes the innermost open thing: editors, dialogs and details each
 * register while they are shown; only the most recently opened one answers.
 */
const stack: Array<{ current: () => void }> = [];

function onKeyDown(e: KeyboardEvent): void {
  if (e.key !== 'Escape' || e.defaultPrevented) return;
  const top = stack.at(-1);
  if (!top) return;
  e.preventDefault();
  top.current();
}

export function useEscape(close: () => void, active = true): void {
  const ref = useRef(close);
  useEffect(() => {
    ref.current = close;
  });
  useEffect(() => {
    if (!active) return;
    const entry = { current: () => ref.current() };
    if (stack.length === 0) document.addEventListener('keydown', onKeyDown);
    stack.push(entry);
    return () => {
      stack.splice(stack.indexOf(entry), 1);
      if (stack.length === 0) document.removeEventListener('keydown', onKeyDown);
    };
  }, [active]);
}
