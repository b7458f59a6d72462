import { afterEach, expect } from 'vitest';
import { onMissingKey } from '../../src/shared/i18n/i18n.ts';

/**
 * Setup file of the node and renderer test projects: a catalogue key that
 * i18next cannot find (a typo, a plural asked with a string count) fails the
 * test that asked for it, instead of showing `popover.transfers` to a person.
 */
const missing: string[] = [];
onMissingKey(({ language, namespace, key }) => missing.push(`${namespace}:${key} (${language})`));

afterEach(() => {
  const found = missing.splice(0);
  expect(found, 'i18next reported catalogue keys it could not find').toEqual([]);
});
