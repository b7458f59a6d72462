import { msg, type Message, type MessageArgs, type MessageKey } from '../../shared/i18n/message.ts';
import { DomainError } from '../base/domain-error.ts';
import { nameProblem, nameProblemText } from '../../shared/user-names.ts';

/** Account input a person typed is not usable; `field` says which one. */
export class InvalidAccountInputError extends DomainError {
  readonly field: 'apiKey' | 'apiSecret' | 'nodeKey' | 'name' | 'profileId';

  constructor(field: InvalidAccountInputError['field'], text: Message) {
    super(text);
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
type TokenField = 'apiKey' | 'apiSecret' | 'nodeKey';
type TokenProblem = 'empty' | 'spaces' | 'control' | 'tooShort' | 'tooLong';

const TOKEN_KEYS: Readonly<Record<TokenField, Readonly<Record<TokenProblem, MessageKey>>>> = {
  apiKey: {
    empty: 'errors:account.apiKey.empty',
    spaces: 'errors:account.apiKey.spaces',
    control: 'errors:account.apiKey.control',
    tooShort: 'errors:account.apiKey.tooShort',
    tooLong: 'errors:account.apiKey.tooLong',
  },
  apiSecret: {
    empty: 'errors:account.apiSecret.empty',
    spaces: 'errors:account.apiSecret.spaces',
    control: 'errors:account.apiSecret.control',
    tooShort: 'errors:account.apiSecret.tooShort',
    tooLong: 'errors:account.apiSecret.tooLong',
  },
  nodeKey: {
    empty: 'errors:account.nodeKey.empty',
    spaces: 'errors:account.nodeKey.spaces',
    control: 'errors:account.nodeKey.control',
    tooShort: 'errors:account.nodeKey.tooShort',
    tooLong: 'errors:account.nodeKey.tooLong',
  },
};

function checkToken(field: TokenField, value: string, limits: { min: number; max: number }): string {
  const refuse = (problem: TokenProblem, values?: MessageArgs): InvalidAccountInputError =>
    new InvalidAccountInputError(field, msg(TOKEN_KEYS[field][problem], values));
  const token = value.trim();
  if (token === '') throw refuse('empty');
  if (/\s/.test(token)) throw refuse('spaces');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(token)) throw refuse('control');
  if (token.length < limits.min) throw refuse('tooShort', { min: limits.min });
  if (token.length > limits.max) throw refuse('tooLong', { max: limits.max });
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
  if (problem) throw new InvalidAccountInputError('name', nameProblemText(problem, 'profile'));
  return value.trim();
}

/** The last 4 characters: enough to tell keys apart, never the key. */
export function keyHint(apiKey: string): string {
  return apiKey.slice(-4);
}
