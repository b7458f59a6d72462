import type { z } from 'zod';
import { t } from '../i18n.ts';
import type { ConfigProblem } from './config-plan.ts';

type Issue = z.core.$ZodIssue;

/** A TOML value's kind in the file's own terms. */
function kind(expected: string): string {
  switch (expected) {
    case 'string':
      return t('config.kinds.text');
    case 'number':
      return t('config.kinds.number');
    case 'int':
      return t('config.kinds.whole');
    case 'boolean':
      return t('config.kinds.boolean');
    case 'object':
      return t('config.kinds.table');
    case 'array':
      return t('config.kinds.array');
    default:
      return expected;
  }
}

/** One check of the schema, in the run's language; the schema's own messages (amounts, secrets) are kept. */
function issueText(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? t('config.missing') : t('config.wrongKind', { kind: kind(issue.expected) });
    case 'too_small':
      return issue.origin === 'string' ? t('config.empty') : t('config.atLeast', { minimum: String(issue.minimum) });
    case 'too_big':
      return t('config.atMost', { maximum: String(issue.maximum) });
    case 'invalid_value':
      return t('config.oneOf', { values: issue.values.map((v) => JSON.stringify(v)).join(', ') });
    default:
      return issue.message;
  }
}

/**
 * The schema's issues as problems at the key they concern: a key the file
 * does not know is named itself (so its line is found), every other issue
 * worded from the catalogue.
 */
export function schemaProblems(issues: readonly Issue[]): ConfigProblem[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? '' : p));
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: [...path, key], message: t('config.unknownKey') }));
    return [{ path, message: issueText(issue) }];
  });
}
