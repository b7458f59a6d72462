import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { METHOD_NAMES, type IpcResult } from '../shared/ipc.ts';
import { dispatch } from '../core/ipc/dispatch.ts';
import type { HandlerTable } from '../core/ipc/handler-table.ts';
import { isSameAppPage } from './url-policy.ts';

/**
 * Only the dashboard's own top-level frame may call in: a subframe or another
 * window (if one ever appeared) is refused before the request is even parsed.
 */
export function isTrustedSender(event: IpcMainInvokeEvent, trusted: () => WebContents | undefined): boolean {
  const contents = trusted();
  if (!contents || event.sender !== contents) return false;
  const frame = event.senderFrame;
  // The top-level frame, still showing the dashboard page it was given (navigation is blocked, but be sure).
  return frame !== null && frame === contents.mainFrame && isSameAppPage(frame.url, contents.getURL());
}

export function registerIpcHandlers(table: HandlerTable, trusted: () => WebContents | undefined): void {
  for (const method of METHOD_NAMES) {
    ipcMain.handle(method, async (event, request: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, trusted)) {
        return { ok: false, error: { code: 'forbidden_sender', message: 'Request refused: unknown sender.' } };
      }
      return dispatch(table, method, request);
    });
  }
}
