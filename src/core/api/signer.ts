import { createHmac } from 'node:crypto';
import { InvariantError } from '../base/domain-error.ts';

export interface SignedTimestamp {
  /** The x-timestamp header: UNIX seconds as decimal text. */
  timestamp: string;
  /** The x-signature header: lower-case hex HMAC-SHA256. */
  signature: string;
}

export interface Signer {
  readonly apiKey: string;
  /** Signs apiKey + timestamp text with the secret (spec section 5). */
  sign(timestampSeconds: number): SignedTimestamp;
  /**
   * Replaces any occurrence of the secret or the full API key in `text`, so
   * that a server message which echoes a header cannot carry them further.
   */
  redact(text: string): string;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');
const REDACTED = '[redacted]';

/**
 * The secret lives only in this closure: it is not a property of the returned
 * object, so no JSON.stringify, util.inspect, structured clone or error report
 * of the signer (or of anything holding it) can reveal it.
 */
export function createSigner(apiKey: string, secret: string): Signer {
  if (apiKey === '' || secret === '') throw new InvariantError('signer-empty-credentials');
  const sign = (timestampSeconds: number): SignedTimestamp => {
    if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
      throw new InvariantError('signer-bad-timestamp', { timestampSeconds });
    }
    const timestamp = String(timestampSeconds);
    const signature = createHmac('sha256', secret).update(apiKey + timestamp).digest('hex');
    return { timestamp, signature };
  };
  const redact = (text: string): string => text.split(secret).join(REDACTED).split(apiKey).join(REDACTED);
  const signer = { apiKey, sign, redact };
  Object.defineProperty(signer, INSPECT, { value: () => '[Signer]', enumerable: false });
  Object.defineProperty(signer, 'toJSON', { value: () => '[Signer]', enumerable: false });
  return Object.freeze(signer);
}
