import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * After an action, focus goes to the line that tells its result (placed,
 * refused, saved), so a keyboard or screen-reader user lands where the answer
 * is and focus never drops to the page when the control that was used goes
 * away. `ref` goes on the result line (tabIndex -1); `focus()` is called when
 * the action starts or its answer arrives: the line is focused once it is in
 * the page (a layout effect, before anything else can move focus).
 */
export function useResultFocus<T extends HTMLElement>(): { ref: React.RefObject<T | null>; focus(): void; asked: number } {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useLayoutEffect(() => {
    if (asked > 0) ref.current?.focus();
  }, [asked]);
  const focus = useCallback(() => setAsked((n) => n + 1), []);
  return { ref, focus, asked };
}
