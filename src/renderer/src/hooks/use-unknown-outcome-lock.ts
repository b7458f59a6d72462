import { useState } from 'react';
import type { IpcError } from '../../../shared/ipc.ts';

/**
 * After a paid call whose outcome is unknown, the same order is one click away
 * from being paid twice. Keep the button locked for exactly those form values
 * until the user changes something (having checked the order list).
 */
export function useUnknownOutcomeLock(formKey: string) {
  const [lockedKey, setLockedKey] = useState<string | null>(null);
  return {
    locked: lockedKey === formKey,
    noteResult(error: IpcError | null, key: string): void {
      setLockedKey(error?.code === 'outcome_unknown' ? key : null);
    },
  };
}
