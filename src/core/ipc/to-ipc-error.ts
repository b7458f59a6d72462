import type { IpcError } from '../../shared/ipc.ts';

/**
 * Errors that know how to present themselves to the user implement this.
 * Anything else becomes a generic `internal` error so that no unexpected
 * message (which could carry a path or a header) crosses to the renderer.
 */
export interface PresentableError {
  toIpcError(): IpcError;
}

function isPresentable(err: unknown): err is PresentableError {
  return (
    typeof err === 'object' &&
    err !== null &&
    'toIpcError' in err &&
    typeof (err as { toIpcError: unknown }).toIpcError === 'function'
  );
}

export function toIpcError(err: unknown): IpcError {
  if (isPresentable(err)) return err.toIpcError();
  return { code: 'internal', message: 'Something went wrong inside Energy Tray. See the log for details.' };
}
