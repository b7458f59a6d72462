import type { IpcError } from '../../../shared/ipc.ts';
import { ERROR_TITLES, errorMessageWords } from '../messages.ts';

/** A service or app error in words: a short title plus main's message, made readable (messages.ts). */
export function ErrorMessage({ error }: { error: IpcError | null }) {
  if (!error) return null;
  return (
    <div role="alert" className={`error-box error-${error.code}`}>
      <strong>{ERROR_TITLES[error.code]}.</strong> {errorMessageWords(error)}
    </div>
  );
}
