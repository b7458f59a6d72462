import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PresetsPanel } from '../../../src/renderer/src/components/PresetsPanel.tsx';
import { trxTextToSun } from '../../../src/renderer/src/components/PresetEditor.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { installFakeBridge, ok, preset, VALID_ADDRESS } from '../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('presets', () => {
  it('runs a preset and locks it while busy', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ presets: [preset(), preset({ id: 'p2', name: 'Busy one', busy: true })] });
    const user = userEvent.setup();
    render(<PresetsPanel />);
    const rows = screen.getAllByTestId('preset-row');
    expect(within(rows[0]!).getByText(/65,000 energy \(1 hr\) → TJRa…Tv8 · cap 5.00 TRX/)).toBeTruthy();
    expect((within(rows[1]!).getByRole('button', { name: 'Buying…' }) as HTMLButtonElement).disabled).toBe(true);
    // The live quote the tray menu shows, beside the cap.
    expect((await within(rows[0]!).findByTestId('preset-quote')).textContent).toBe('≈ 3.25 TRX');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Run' }));
    expect(bridge.callsOf('runPreset')).toEqual([{ id: 'p1' }]);
    expect(await screen.findByText(/Order placed/)).toBeTruthy();
    // Focus is on the run's result line (the Run button was disabled while main asked and the order was placed).
    expect(document.activeElement).toBe(within(rows[0]!).getByTestId('result-line'));
  });

  it('says beside the live quote when running a preset is not cheaper than burning, and still runs it', async () => {
    const bridge = installFakeBridge({ quoteTimed: async () => ok({ amountSun: '9750000', feeSun: '0', unitPriceSun: '150', remark: '', burnSun: '6500000' }) });
    useAppStore.setState({ presets: [preset({ capSun: '20000000' })] });
    const user = userEvent.setup();
    render(<PresetsPanel />);
    const [row] = screen.getAllByTestId('preset-row');
    expect((await within(row!).findByTestId('preset-quote')).textContent).toBe('≈ 9.75 TRX — not cheaper than burning TRX for it (6.50 TRX)');
    await user.click(within(row!).getByRole('button', { name: 'Run' }));
    expect(bridge.callsOf('runPreset')).toEqual([{ id: 'p1' }]);
  });

  it('refuses a preset name with a control character in its own words', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<PresetsPanel />);
    await user.click(screen.getByRole('button', { name: 'Add preset' }));
    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.paste('Daily\u2066');
    expect(screen.getByText(/A name can't hold control characters or text-direction marks \(U\+2066\)/)).toBeTruthy();
    expect(bridge.callsOf('savePreset')).toEqual([]);
  });

  it('adds a preset with a cap in TRX converted to SUN', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<PresetsPanel />);
    await user.click(screen.getByRole('button', { name: 'Add preset' }));
    const form = screen.getByRole('form', { name: 'New preset' });
    await user.type(within(form).getByLabelText('Name'), 'Daily');
    const cap = within(form).getByLabelText('Spending cap (TRX)');
    await user.clear(cap);
    await user.type(cap, '3.5');
    await user.type(within(form).getByLabelText('Receiving address'), VALID_ADDRESS);
    const save = within(form).getByRole('button', { name: 'Save preset' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    expect(bridge.callsOf('savePreset')).toEqual([
      { preset: { name: 'Daily', kind: 'timed', resource: 'energy', period: '1h', count: 65000, address: VALID_ADDRESS, capSun: '3500000' } },
    ]);
    expect(await screen.findByText('Daily')).toBeTruthy();
  });

  it('deletes and reorders presets', async () => {
    const bridge = installFakeBridge({ reorderPresets: async ({ ids }) => ok(ids.map((id) => preset({ id, name: id }))) });
    useAppStore.setState({ presets: [preset({ id: 'a', name: 'a' }), preset({ id: 'b', name: 'b' })] });
    const user = userEvent.setup();
    render(<PresetsPanel />);
    await user.click(screen.getByRole('button', { name: 'Move b up' }));
    expect(bridge.callsOf('reorderPresets')).toEqual([{ ids: ['b', 'a'] }]);
    // Delete asks first; Keep (or Escape) leaves it.
    await user.click(screen.getByRole('button', { name: 'Delete a' }));
    expect(bridge.callsOf('deletePreset')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Delete a' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Delete “a”' })).toBeNull();
    expect(bridge.callsOf('deletePreset')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete a' }));
    await user.click(screen.getByRole('button', { name: 'Delete “a”' }));
    expect(bridge.callsOf('deletePreset')).toEqual([{ id: 'a' }]);
  });

  it('converts TRX text to SUN without floats', () => {
    expect(trxTextToSun('3.25')).toBe('3250000');
    expect(trxTextToSun('0.000001')).toBe('1');
    expect(trxTextToSun('10')).toBe('10000000');
    expect(trxTextToSun('1.2345678')).toBeNull();
    expect(trxTextToSun('-1')).toBeNull();
    expect(trxTextToSun('abc')).toBeNull();
  });
});

describe('default presets', () => {
  it('offers the defaults for an entered address when there are no presets', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<PresetsPanel />);
    const form = screen.getByRole('form', { name: 'Default presets' });
    await user.type(within(form).getByLabelText('Receiving address'), VALID_ADDRESS);
    const create = within(form).getByRole('button', { name: 'Create default presets' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    await user.click(create);
    expect(bridge.callsOf('addDefaultPresets')).toEqual([{ address: VALID_ADDRESS }]);
    expect(await screen.findByTestId('preset-row')).toBeTruthy();
  });
});
