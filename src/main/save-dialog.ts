import { app, dialog, type BrowserWindow, type SaveDialogOptions } from 'electron';
import { join } from 'node:path';
import type { SaveDialog } from '../core/app/ports.ts';

/**
 * The save dialog as main draws it (Electron's native dialog, attached to the
 * dashboard when it is open). The renderer can ask for an export but never
 * names the file: the person picks it here.
 */
export function electronSaveDialog(window: () => BrowserWindow | undefined): SaveDialog {
  return {
    chooseSaveFile: async ({ title, defaultName, filters }) => {
      const options: SaveDialogOptions = {
        title,
        defaultPath: join(app.getPath('documents'), defaultName),
        filters,
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const parent = window();
      const result = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}
