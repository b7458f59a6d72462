import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NodeSettings } from '../../../src/renderer/src/components/NodeSettings.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { failed, installFakeBridge, nodeSettings, ok } from '../fake-bridge.ts';
import { msg } from '../../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('Settings → TRON node', () => {
  it('changes the node URL and goes back to the default', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<NodeSettings />);
    const url = (await screen.findByLabelText('Node URL')) as HTMLInputElement;
    expect(url.value).toBe('https://api.trongrid.io');
    await user.clear(url);
    await user.type(url, 'https://node.example.com/');
    await user.click(screen.getByRole('button', { name: 'Save URL' }));
    await screen.findByRole('button', { name: 'Use https://api.trongrid.io' });
    await user.click(screen.getByRole('button', { name: 'Use https://api.trongrid.io' }));
    expect(bridge.callsOf('setNodeUrl')).toEqual([{ nodeUrl: 'https://node.example.com/' }, { nodeUrl: null }]);
  });

  it('saves the provider key into a password field that is emptied, never shows it, and removes it', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<NodeSettings />);
    const key = (await screen.findByLabelText(/Provider API key/)) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(screen.getByText(/No provider key saved/)).toBeTruthy();
    await user.type(key, 'provider-key-123456');
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('A provider key is saved in the keychain for this node.')).toBeTruthy();
    await waitFor(() => expect(key.value).toBe(''));
    expect(document.body.textContent).not.toContain('provider-key-123456');
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    expect(bridge.callsOf('setNodeKey')).toEqual([{ apiKey: 'provider-key-123456' }]);
    expect(bridge.callsOf('clearNodeKey')).toEqual([{}]);
  });

  it('says when the saved key belongs to another node, and shows a refused URL in words', async () => {
    installFakeBridge({
      getNodeSettings: async () => ok({ ...nodeSettings, keySaved: true, keyForThisNode: false }),
      setNodeUrl: async () => failed('invalid_input', msg('errors:chain.invalidInput', { reason: msg('errors:nodeUrl.plainHttp') })),
    });
    const user = userEvent.setup();
    render(<NodeSettings />);
    expect(await screen.findByText(/saved for another node URL; it is not sent to this one/)).toBeTruthy();
    const url = screen.getByLabelText('Node URL');
    await user.clear(url);
    await user.type(url, 'http://node.example.com');
    await user.click(screen.getByRole('button', { name: 'Save URL' }));
    expect((await screen.findByRole('alert')).textContent).toContain('must use https://');
  });
});
