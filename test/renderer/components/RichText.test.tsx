import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { RichText, richParts } from '../../../src/renderer/src/components/RichText.tsx';
import { ensureLanguage } from '../../../src/renderer/src/catalogues.ts';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { settings } from '../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('a sentence with emphasis inside', () => {
  it('puts the emphasis where the language’s sentence has it', async () => {
    const { container, rerender } = render(<RichText k="savings.saved" values={{ amount: '3.25 TRX' }} />);
    expect(container.innerHTML).toBe('Saved <strong>3.25 TRX</strong> this month');
    await ensureLanguage('ru');
    act(() => useAppStore.setState({ settings: { ...settings, resolvedLanguage: 'ru' } }));
    rerender(<RichText k="savings.saved" values={{ amount: '3,25 TRX' }} />);
    expect(container.innerHTML).toBe('Сэкономлено в этом месяце: <strong>3,25 TRX</strong>');
  });

  it('keeps a value with tags in it as text: only the catalogue’s own tags become emphasis', () => {
    const { container } = render(<RichText k="quote.cost" values={{ cost: '<strong>free</strong><img src=x>' }} />);
    expect(container.querySelectorAll('strong')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('<strong>free</strong><img src=x>');
  });

  it('cuts a template into plain and emphasised parts, values filled after the cut', () => {
    const parts = richParts('A \uE000p65\uE000 and <strong>\uE000p131\uE000</strong>.', { p65: '<strong>1</strong>', p131: '2' });
    expect(parts).toEqual([
      { text: 'A <strong>1</strong> and ', strong: false },
      { text: '2', strong: true },
      { text: '.', strong: false },
    ]);
  });
});
