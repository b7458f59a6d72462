import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { INFO_TOAST_MS, Toasts } from '../../../src/renderer/src/components/Toasts.tsx';
import { MAX_TOASTS, pushToast, useAppStore } from '../../../src/renderer/src/state/app-store.ts';

const initial = useAppStore.getState();
beforeEach(() => {
  useAppStore.setState(initial, true);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const shown = (): string[] => screen.queryAllByTestId('toast').map((li) => li.querySelector('.toast-text')?.textContent ?? '');
const advance = (ms: number): void => act(() => void vi.advanceTimersByTime(ms));

function showToasts(...toasts: Array<{ level: 'ok' | 'error' | 'warn'; message: string }>): void {
  render(<Toasts />);
  act(() => toasts.forEach((t) => pushToast({ ...t, localId: null })));
}

describe('toasts', () => {
  it('lets a success go after about 6 s, not before', () => {
    showToasts({ level: 'ok', message: 'Order succeeded.' });
    advance(INFO_TOAST_MS - 1);
    expect(shown()).toEqual(['Order succeeded.']);
    advance(1);
    expect(shown()).toEqual([]);
    expect(INFO_TOAST_MS).toBe(6_000);
  });

  it('keeps a failure, a stall or an unknown outcome until it is dismissed', () => {
    showToasts({ level: 'error', message: 'Order failed.' }, { level: 'warn', message: 'Outcome unknown.' });
    advance(10 * 60_000);
    expect(shown()).toEqual(['Order failed.', 'Outcome unknown.']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(shown()).toEqual(['Outcome unknown.']);
  });

  it('pauses the countdown while the pointer is on the stack, and goes on with the time that was left', () => {
    showToasts({ level: 'ok', message: 'Read me.' });
    advance(4_000);
    fireEvent.mouseEnter(screen.getByRole('list'));
    advance(30_000);
    expect(shown()).toEqual(['Read me.']);
    fireEvent.mouseLeave(screen.getByRole('list'));
    advance(1_999);
    expect(shown()).toEqual(['Read me.']);
    advance(1);
    expect(shown()).toEqual([]);
  });

  it('pauses while focus is inside the stack (a keyboard user reading or reaching Show)', () => {
    showToasts({ level: 'ok', message: 'Keyboard.' });
    advance(1_000);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    advance(60_000);
    expect(shown()).toEqual(['Keyboard.']);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).blur());
    advance(INFO_TOAST_MS - 1_000);
    expect(shown()).toEqual([]);
  });

  it('is a polite live region that is in the page before any toast, a failure an alert', () => {
    render(<Toasts />);
    const region = screen.getByRole('list', { name: 'Order outcomes' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => pushToast({ level: 'error', message: 'Failed.', localId: null }));
    expect(screen.getByRole('alert').textContent).toContain('Failed.');
    expect(region.contains(screen.getByRole('alert'))).toBe(true);
  });

  it('makes room by letting the oldest success go first, so a failure is not pushed out', () => {
    render(<Toasts />);
    act(() => {
      pushToast({ level: 'error', message: 'E1', localId: null });
      pushToast({ level: 'ok', message: 'S1', localId: null });
      for (let i = 2; i <= MAX_TOASTS + 1; i++) pushToast({ level: 'ok', message: `S${i}`, localId: null });
    });
    expect(shown()).toEqual(['E1', 'S3', 'S4', 'S5']);
    act(() => {
      for (let i = 2; i <= MAX_TOASTS + 1; i++) pushToast({ level: 'error', message: `E${i}`, localId: null });
    });
    // Only failures left: the oldest makes room.
    expect(shown()).toEqual(['E2', 'E3', 'E4', 'E5']);
  });
});
