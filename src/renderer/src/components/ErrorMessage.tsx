import type { IpcError, IpcErrorCode } from '../../../shared/ipc.ts';

const TITLES: Record<IpcErrorCode, string> = {
  invalid_input: 'Check the input',
  forbidden_sender: 'Request refused',
  unknown_method: 'Request refused',
  authentication: 'Authentication failed',
  insufficient_balance: 'Not enough balance',
  not_found: 'Not found',
  server: 'The service had a problem',
  network: 'Cannot reach the service',
  malformed_response: 'Unexpected answer from the service',
  rejected: 'The service declined',
  outcome_unknown: 'Outcome unknown — check the service console',
  not_approved: 'Not approved — nothing was sent or changed',
  spending_limit: 'Daily spending limit reached',
  clock: "Check this computer's clock",
  keychain: 'Keychain problem',
  storage: 'Could not save',
  node: 'TRON node problem',
  internal: 'Something went wrong',
};

/** A service or app error in words: a short title plus the message from main (with the server's msg). */
export function ErrorMessage({ error }: { error: IpcError | null }) {
  if (!error) return null;
  return (
    <div role="alert" className={`error-box error-${error.code}`}>
      <strong>{TITLES[error.code]}.</strong> {error.message}
    </div>
  );
}
