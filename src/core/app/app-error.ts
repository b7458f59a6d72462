import type { IpcError, IpcErrorCode } from '../../shared/ipc.ts';
import type { PresentableError } from '../ipc/to-ipc-error.ts';

/** An error of the app's own rules (not the service's), already in words for the user. */
export class AppError extends Error implements PresentableError {
  readonly code: IpcErrorCode;

  constructor(code: IpcErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }

  toIpcError(): IpcError {
    return { code: this.code, message: this.message };
  }
}

export const notConnected = (): AppError =>
  new AppError('invalid_input', 'Not connected: connect an account or start the demo first.');
