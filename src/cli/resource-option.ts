import { assertResourceType } from '../core/api/validation.ts';
import type { ResourceType } from '../core/api/types.ts';
import type { OptionValues } from './args.ts';
import { requiredOption, wholeNumberOption } from './args.ts';

export function resourceOption(values: OptionValues, name: 'type' | 'resource'): ResourceType {
  const value = requiredOption(values, name);
  assertResourceType(value, 'local');
  return value;
}

export function countOption(values: OptionValues): number {
  return wholeNumberOption(requiredOption(values, 'count'), '--count');
}
