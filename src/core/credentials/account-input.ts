import { DomainError } from '../base/domain-error.ts';
import { nameProblem, nameProblemText } from '../../shared/user-names.ts';

/** Account input a person typed is not usable; `field` says which one. */
export class InvalidAccountInputError extends DomainError {
  readonly field: 'apiKey' | 'apiSecret' | 'nodeKey' | 'name' | 'profileId';

  constructor(field: InvalidAccountInputError['field'], message: string) {
    super(message);
    this.name = 'InvalidAccountInputError';
    this.field = field;
  }
}

/**
 * The spec does not show the key format, so the limits are loose. The minimum
 * of 8 keeps the 4-character hint from ever being the whole key.
 */
export const API_KEY_LENGTH = { min: 8, max: 256 } as const;
export const API_SECRET_LENGTH = { min: 8, max: 512 } as const;

/**
 * Messages name the field and the rule, never the value. Whitespace inside
 * is refused rather than stripped: a pasted key with a newline in it is
 * almost always two things pasted at once.
 */
const TOKEN_LABEL = { apiKey: 'API key', apiSecret: 'API secret', nodeKey: "TRON node provider's API key" } as const;

function checkToken(field: keyof typeof TOKEN_LABEL, value: string, limits: { min: number; max: number }): string {
  const label = TOKEN_LABEL[field];
  const token = value.trim();
  if (token === '') throw new InvalidAccountInputError(field, `Enter the ${label}.`);
  if (/\s/.test(token)) throw new InvalidAccountInputError(field, `The ${label} must not contain spaces or line breaks.`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(token)) throw new InvalidAccountInputError(field, `The ${label} contains control characters.`);
  if (token.length < limits.min) throw new InvalidAccountInputError(field, `The ${label} is too short (at least ${limits.min} characters).`);
  if (token.length > limits.max) throw new InvalidAccountInputError(field, `The ${label} is too long (at most ${limits.max} characters).`);
  return token;
}

export function checkApiKey(value: string): string {
  return checkToken('apiKey', value, API_KEY_LENGTH);
}

export function checkApiSecret(value: string): string {
  return checkToken('apiSecret', value, API_SECRET_LENGTH);
}

/** The TRON node provider's key (TronGrid's are UUIDs): the same loose rules as the service's key. */
export function checkNodeKey(value: string): string {
  return checkToken('nodeKey', value, API_KEY_LENGTH);
}

/** A profile's name is shown in main's approvals: no control or text-direction character (shared/user-names.ts). */
export function checkProfileName(value: string): string {
  const problem = nameProblem(value, 'profile');
  if (problem?.kind === 'empty') throw new InvalidAccountInputError('name', 'Enter a name for the profile.');
  if (problem) throw new InvalidAccountInputError('name', nameProblemText(problem, 'profile name'));
  return value.trim();
}

/** The last 4 characters: enough to tell keys apart, never the key. */
export function keyHint(apiKey: string): string {
  return apiKey.slice(-4);
}
