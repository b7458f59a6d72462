import { msg } from '../../../src/shared/i18n/message.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../src/renderer/src/App.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { baseState, installFakeBridge, ok } from '../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

const refused = baseState({
  mode: 'account',
  activeProfileId: 'p1',
  profiles: [{ id: 'p1', name: 'Main', baseUrl: 'https://api.example.com/v2', configured: true, keyHint: 'a1b2', lastVerifiedAt: null, active: true }],
  balance: null,
  service: { status: 'auth_failed', message: msg('errors:api.serverSaid', { lead: 'Refused.', said: 'Invalid signature.' }), since: Date.now() },
  polling: { paused: true, reason: msg('notices:pausedBy.auth') },
});

describe('one banner per condition, with its action', () => {
  it('a refused key: one banner with Fix key, no paused badge repeating it, no skeleton', async () => {
    installFakeBridge({ getState: async () => ok(refused) });
    render(<App />);
    const banner = await screen.findByTestId('service-banner');
    expect(screen.getAllByTestId('service-banner')).toHaveLength(1);
    expect(banner.textContent).toContain('The service refused the API key');
    expect(within(banner).getByRole('button', { name: 'Fix key' })).toBeTruthy();
    expect(screen.queryByText(/^Paused/)).toBeNull();
    // The state is known: a dash, not a loading bar.
    expect(document.querySelector('.skeleton')).toBeNull();
    expect(screen.getByTestId('balance-trx').textContent).toBe('—not known');
    expect(screen.getByTestId('balance-updated').textContent).toBe('No balance: the API key was refused.');
  });

  it('Fix key opens Settings with the profile’s key form, focus in its API key field', async () => {
    installFakeBridge({ getState: async () => ok(refused) });
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Fix key' }));
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    const form = await screen.findByRole('form', { name: /connect/i });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('API key')));
    expect(useAppStore.getState().fixKeyFor).toBeNull();
  });

  it('the service down: one banner with Retry now, the last balance marked not current', async () => {
    const bridge = installFakeBridge({
      getState: async () => ok(baseState({ service: { status: 'unreachable', message: msg('errors:api.network', { action: 'asking', what: 'connect ECONNREFUSED' }), since: Date.now() } })),
    });
    const user = userEvent.setup();
    render(<App />);
    const banner = await screen.findByTestId('service-banner');
    expect(screen.getAllByTestId('service-banner')).toHaveLength(1);
    await user.click(within(banner).getByRole('button', { name: 'Retry now' }));
    expect(bridge.callsOf('refreshBalance')).toHaveLength(1);
    expect(screen.getByTestId('balance-updated').textContent).toMatch(/^Last read .*; not current while the service does not answer\.$/);
  });
});
