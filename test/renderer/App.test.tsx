import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from '../../src/renderer/src/App.tsx';
import { installFakeBridge } from './fake-bridge.ts';

afterEach(cleanup);

describe('App', () => {
  it('shows the name, the version from main and the balance card', async () => {
    installFakeBridge({});
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Energy Tray');
    expect((await screen.findByLabelText('version')).textContent).toBe('v9.9.9');
    expect(screen.getByRole('heading', { name: 'Balance' })).toBeTruthy();
  });

  it('shows an error from main as an alert', async () => {
    installFakeBridge({
      getInfo: async () => ({ ok: false, error: { code: 'internal', message: 'Main is unhappy.' } }),
    });
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toBe('Main is unhappy.');
  });
});
