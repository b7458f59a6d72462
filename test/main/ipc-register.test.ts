import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, electronState, FakeWebContents, FakeWebFrame, resetElectronState } from '../support/fake-electron.ts';
import { METHOD_NAMES } from '../../src/shared/ipc.ts';
import { startAppOnFakeDesktop } from '../support/fake-desktop.ts';

vi.mock('electron', () => fakeElectron);
const { registerIpcHandlers } = await import('../../src/main/ipc-register.ts');

const info = { name: 'Energy Tray', version: '0.1.0', platform: 'linux' };

describe('IPC registration', () => {
  const trusted = new FakeWebContents();
  beforeEach(async () => {
    resetElectronState();
    const { table } = await startAppOnFakeDesktop();
    registerIpcHandlers(table, () => trusted as never);
  });

  it('registers one handler per contract method and nothing else', () => {
    expect([...electronState.handlers.keys()].sort()).toEqual([...METHOD_NAMES].sort());
  });

  it('answers the trusted top-level frame with a result object', async () => {
    const handler = electronState.handlers.get('app:getInfo');
    const result = await handler?.({ sender: trusted, senderFrame: trusted.mainFrame }, {});
    expect(result).toEqual({ ok: true, value: info });
  });

  it('refuses a subframe of the trusted window', async () => {
    const handler = electronState.handlers.get('app:getInfo');
    const result = await handler?.({ sender: trusted, senderFrame: new FakeWebFrame(trusted.url, 2) }, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('refuses the top-level frame once it shows another page', async () => {
    const handler = electronState.handlers.get('app:getInfo');
    const navigated = new FakeWebContents();
    navigated.mainFrame = new FakeWebFrame('https://evil.example/');
    registerIpcHandlers((await startAppOnFakeDesktop()).table, () => navigated as never);
    const latest = electronState.handlers.get('app:getInfo');
    expect(latest).not.toBe(handler);
    const result = await latest?.({ sender: navigated, senderFrame: navigated.mainFrame }, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('refuses another webContents', async () => {
    const handler = electronState.handlers.get('app:getInfo');
    const other = new FakeWebContents();
    const result = await handler?.({ sender: other, senderFrame: other.mainFrame }, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('answers the popover window too when it is one of the trusted windows, and no other', async () => {
    const popover = new FakeWebContents();
    registerIpcHandlers((await startAppOnFakeDesktop()).table, () => [trusted as never, undefined, popover as never]);
    const handler = electronState.handlers.get('app:getInfo');
    expect(await handler?.({ sender: popover, senderFrame: popover.mainFrame }, {})).toEqual({ ok: true, value: info });
    const other = new FakeWebContents();
    expect(await handler?.({ sender: other, senderFrame: other.mainFrame }, {})).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('returns invalid_input instead of throwing on a malformed request', async () => {
    const handler = electronState.handlers.get('app:getInfo');
    const result = await handler?.({ sender: trusted, senderFrame: trusted.mainFrame }, { extra: 1 });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
