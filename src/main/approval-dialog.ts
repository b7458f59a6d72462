import { dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';
import { approvalDialogText, type Approval, type ApprovalRequest } from '../core/app/ports.ts';
import type { Language } from '../shared/i18n/languages.ts';

/** The dialog's options for a request: Cancel is the default and the Escape answer. */
export function approvalDialogOptions(request: ApprovalRequest, language?: Language): MessageBoxOptions {
  const text = approvalDialogText(request, language);
  return {
    type: 'question',
    title: text.title,
    message: text.message,
    detail: text.detail,
    buttons: [text.approve, text.cancel],
    // Enter in a form the renderer focused must not approve: the safe answer is the default.
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
}

/**
 * The main-drawn approval: a native message box, modal to the dashboard
 * (its parent) when it is shown. The renderer cannot draw or answer it.
 */
export class DialogApproval implements Approval {
  private readonly parent: () => BrowserWindow | undefined;

  constructor(parent: () => BrowserWindow | undefined) {
    this.parent = parent;
  }

  async confirm(request: ApprovalRequest, language?: Language): Promise<boolean> {
    const options = approvalDialogOptions(request, language);
    const win = this.parent();
    // A hidden parent would hide its sheet too (macOS): then the box stands on its own.
    const modal = win && !win.isDestroyed() && win.isVisible();
    const { response } = modal ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
    return response === 0;
  }
}
