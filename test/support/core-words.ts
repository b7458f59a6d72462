import enErrors from '../../src/shared/i18n/locales/en/errors.json' with { type: 'json' };

/**
 * English words of the core that tests look for in its output, taken from the
 * catalogue (so a rewording changes one file): the advice after a paid call
 * whose outcome is unknown.
 */
export const OUTCOME_UNKNOWN_ADVICE = enErrors.api.outcomeUnknown.replace('{{lead}} ', '');
