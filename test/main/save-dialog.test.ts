import { describe, expect, it, vi } from 'vitest';
import type { App, Dialog } from 'electron';
import { fakeElectron, FakeBrowserWindow, type Fake } from '../support/fake-electron.ts';

const shown: Array<{ parent: unknown; options: Record<string, unknown> }> = [];
let answer: { canceled: boolean; filePath?: string } = { canceled: false, filePath: '/home/me/orders.csv' };

const app: Fake<App, 'getPath'> = { getPath: (name) => `/home/me/${name}` };
const dialog: Fake<Dialog, 'showSaveDialog'> = {
  showSaveDialog: async (...args: unknown[]) => {
    const [parent, options] = args.length === 2 ? args : [undefined, args[0]];
    shown.push({ parent, options: options as Record<string, unknown> });
    return { canceled: answer.canceled, filePath: answer.filePath ?? '' };
  },
};
vi.mock('electron', () => ({ ...fakeElectron, app, dialog }));
const { electronSaveDialog } = await import('../../src/main/save-dialog.ts');

const request = { title: 'Export the order history', defaultName: 'orders.csv', filters: [{ name: 'CSV', extensions: ['csv'] }] };

describe('save dialog (glue)', () => {
  it("shows the native dialog on the dashboard, in the documents folder, and returns the person's choice", async () => {
    const window = new FakeBrowserWindow();
    const dialog = electronSaveDialog(() => window as never);
    expect(await dialog.chooseSaveFile(request)).toBe('/home/me/orders.csv');
    expect(shown.at(-1)).toMatchObject({
      parent: window,
      options: { title: 'Export the order history', defaultPath: '/home/me/documents/orders.csv', filters: request.filters },
    });
    expect(shown.at(-1)?.options['properties']).toContain('showOverwriteConfirmation');
  });

  it('returns null when the person cancels, and works without a window', async () => {
    answer = { canceled: true };
    expect(await electronSaveDialog(() => undefined).chooseSaveFile(request)).toBeNull();
    expect(shown.at(-1)?.parent).toBeUndefined();
  });
});
