import { describe, expect, it, vi } from 'vitest';
import { fakeElectron, electronState } from '../support/fake-electron.ts';
import { METHOD_NAMES, bridgeName } from '../../src/shared/ipc.ts';

vi.mock('electron', () => fakeElectron);

await import('../../src/preload/index.ts');

describe('preload bridge', () => {
  const api = electronState.exposed.get('energyTray') as Record<string, unknown>;

  it('exposes only window.energyTray', () => {
    expect([...electronState.exposed.keys()]).toEqual(['energyTray']);
  });

  it("exposes exactly the contract's methods plus on()", () => {
    const expected = [...METHOD_NAMES.map((m) => bridgeName(m)), 'on'].sort();
    expect(Object.keys(api).sort()).toEqual(expected);
    for (const key of Object.keys(api)) expect(typeof api[key]).toBe('function');
  });

  it('has no generic invoke or ipcRenderer and cannot be modified', () => {
    expect(api).not.toHaveProperty('invoke');
    expect(api).not.toHaveProperty('ipcRenderer');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('sends each method on its own channel with the one request object', async () => {
    const getInfo = api['getInfo'] as (r: object) => Promise<unknown>;
    await getInfo({});
    expect(fakeElectron.ipcRenderer.invoke).toHaveBeenCalledWith('app:getInfo', {});
  });
});
