import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { METHOD_NAMES, type IpcResult } from '../shared/ipc.ts';
import { dispatch } from '../core/ipc/dispatch.ts';
import { ipcError } from '../core/ipc/to-ipc-error.ts';
import { msg } from '../shared/i18n/message.ts';
import type { HandlerTable } from '../core/ipc/handler-table.ts';
import { isSameAppPage } from './url-policy.ts';

/** The app's own windows: the dashboard, and the tray popover once it exists. */
export type TrustedContents = () => WebContents | undefined | ReadonlyArray<WebContents | undefined>;

/**
 * Only the top-level frame of one of the app's own windows may call in: a
 * subframe or any other window is refused before the request is even parsed.
 */
export function isTrustedSender(event: IpcMainInvokeEvent, trusted: TrustedContents): boolean {
  const contents = [trusted()].flat().find((c) => c !== undefined && c === event.sender);
  if (!contents) return false;
  const frame = event.senderFrame;
  // The top-level frame, still showing the dashboard page it was given (navigation is blocked, but be sure).
  return frame !== null && frame === contents.mainFrame && isSameAppPage(frame.url, contents.getURL());
}

export function registerIpcHandlers(table: HandlerTable, trusted: TrustedContents): void {
  for (const method of METHOD_NAMES) {
    ipcMain.handle(method, async (event, request: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, trusted)) {
        return { ok: false, error: ipcError('forbidden_sender', msg('errors:request.unknownSender')) };
      }
      return dispatch(table, method, request);
    });
  }
}
