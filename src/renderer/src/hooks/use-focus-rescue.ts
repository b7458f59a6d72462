import { useEffect } from 'react';

const FOCUSABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Keyboard focus never falls to <body>. When the focused control disappears
 * (a row deleted, an editor closed, a form reset) or becomes disabled while it
 * works, focus moves to the nearest place that still exists: the first control
 * of the closest surviving container (the row, the card), else the view's
 * heading. A control that was only disabled for a moment gets focus back when
 * it is enabled again. Components move focus on purpose where they know
 * better; this is the net under them.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let last: HTMLElement | null = null;
    let ancestors: HTMLElement[] = [];
    let waitingFor: HTMLElement | null = null;
    const onFocusIn = (e: FocusEvent): void => {
      if (!(e.target instanceof HTMLElement)) return;
      last = e.target;
      waitingFor = null;
      ancestors = [];
      for (let el = e.target.parentElement; el && el !== document.body; el = el.parentElement) ancestors.push(el);
    };
    const rescue = (): void => {
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      if (!last) return;
      if (waitingFor && waitingFor.isConnected && !(waitingFor as HTMLButtonElement).disabled) {
        waitingFor.focus();
        return;
      }
      if (last.isConnected && (last as HTMLButtonElement).disabled) {
        waitingFor = last;
        return;
      }
      if (last.isConnected && !(last as HTMLButtonElement).disabled) return;
      const container = ancestors.find((el) => el.isConnected && el.querySelector(FOCUSABLE));
      const target = container?.querySelector<HTMLElement>(FOCUSABLE) ?? viewHeading();
      target?.focus();
    };
    const observer = new MutationObserver(() => queueMicrotask(rescue));
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}

/** The heading of the view shown (h2 of main's first card), focusable by script only. */
export function viewHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h2');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/** Focus the view's heading after the view changed (a tab, an opened order, the demo started). */
export function focusViewHeading(): void {
  requestAnimationFrame(() => viewHeading()?.focus());
}
