import { describe, expect, it, vi } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CustomScheme, Net, Protocol } from 'electron';
import { fakeElectron, type Fake } from '../support/fake-electron.ts';
import { tempDir } from '../support/temp-dir.ts';

const privileged: CustomScheme[] = [];
const handlers = new Map<string, Parameters<Protocol['handle']>[1]>();
const protocol: Fake<Protocol, 'registerSchemesAsPrivileged' | 'handle'> = {
  registerSchemesAsPrivileged: (schemes) => void privileged.push(...schemes),
  handle: (scheme, handler) => void handlers.set(scheme, handler),
};
/** Electron's net.fetch reads file:// URLs; Node's fetch does not, so the fake reads the file itself. */
const fetched: string[] = [];
const net: Fake<Net, 'fetch'> = {
  fetch: async (input) => {
    const url = String(input);
    fetched.push(url);
    return new Response(await readFile(fileURLToPath(url)));
  },
};
vi.mock('electron', () => ({ ...fakeElectron, protocol, net }));
const { registerAppSchemePrivileges, serveRenderer } = await import('../../src/main/app-protocol.ts');

describe('the app:// protocol (glue)', () => {
  it('registers app:// as a standard, secure origin that module scripts can be fetched from', () => {
    registerAppSchemePrivileges();
    expect(privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
  });

  it('serves the renderer folder’s files, index.html for the root, and nothing outside it', async () => {
    const dir = tempDir('protocol');
    const renderer = join(dir, 'renderer');
    mkdirSync(join(renderer, 'assets'), { recursive: true });
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Energy Tray</title>');
    writeFileSync(join(renderer, 'assets', 'app.js'), 'export {};');
    writeFileSync(join(dir, 'secret.txt'), 'outside the renderer');
    serveRenderer(renderer);
    const handler = handlers.get('app');
    if (!handler) throw new Error('no app:// handler');
    const get = async (url: string) => {
      const response = await handler(new Request(url));
      return [response.status, await response.text()];
    };
    expect(await get('app://bundle/')).toEqual([200, '<!doctype html><title>Energy Tray</title>']);
    expect(await get('app://bundle/assets/app.js')).toEqual([200, 'export {};']);
    const before = fetched.length;
    expect(await get('app://bundle/..%2fsecret.txt')).toEqual([404, 'Not found']);
    expect(await get('app://other/index.html')).toEqual([404, 'Not found']);
    // A refused request never reaches the file system.
    expect(fetched).toHaveLength(before);
  });
});
