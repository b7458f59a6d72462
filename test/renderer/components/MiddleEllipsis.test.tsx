import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MiddleEllipsis } from '../../../src/renderer/src/components/MiddleEllipsis.tsx';
import { VALID_ADDRESS } from '../fake-bridge.ts';

afterEach(cleanup);

describe('an address shortened in the middle where space is short', () => {
  it('keeps its last characters whole, lets only the head give way, and is read, hovered and copied whole', () => {
    render(<MiddleEllipsis text={VALID_ADDRESS} />);
    const shown = screen.getByTestId('middle-ellipsis');
    const head = shown.querySelector('.middle-ellipsis-head')!;
    const tail = shown.querySelector('.middle-ellipsis-tail')!;
    expect(tail.textContent).toBe(VALID_ADDRESS.slice(-6));
    expect(`${head.textContent}${tail.textContent}`).toBe(VALID_ADDRESS);
    expect(shown.getAttribute('title')).toBe(VALID_ADDRESS);
    // The visible halves are hidden from screen readers, which read the whole address once.
    expect([head.getAttribute('aria-hidden'), tail.getAttribute('aria-hidden')]).toEqual(['true', 'true']);
    expect(shown.querySelector('.visually-hidden')?.textContent).toBe(VALID_ADDRESS);
    // Monospace, and one line: the stylesheet's middle-ellipsis (nowrap, the head's text-overflow) does the rest in a browser.
    expect(shown.className).toBe('middle-ellipsis mono');
  });

  it('shows a short text whole, with nothing to cut', () => {
    render(<MiddleEllipsis text="EN1" />);
    expect(screen.getByTestId('middle-ellipsis').querySelector('.middle-ellipsis-head')?.textContent).toBe('');
    expect(screen.getByTestId('middle-ellipsis').querySelector('.middle-ellipsis-tail')?.textContent).toBe('EN1');
  });
});
