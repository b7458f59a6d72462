import type { IpcError } from '../../../shared/ipc.ts';
import { useT, useWords } from '../i18n.ts';
import { errorMessageWords, errorTitle } from '../messages.ts';

/** A service or app error in words: a short title plus what main said, in the app's language (messages.ts). */
export function ErrorMessage({ error }: { error: IpcError | null }) {
  const t = useT();
  const words = useWords();
  if (!error) return null;
  return (
    <div role="alert" className={`error-box error-${error.code}`}>
      <strong>{t('errors.title', { title: errorTitle(error.code, t) })}</strong> {errorMessageWords(error, words)}
    </div>
  );
}
