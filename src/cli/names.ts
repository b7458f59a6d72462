import { nameProblem, type NameKind } from '../shared/user-names.ts';
import { t } from './i18n.ts';

/** The names the command line and the daemon's file take from a person (the profile's name is checked with its credentials). */
type CliNameKind = Extract<NameKind, 'walletLabel' | 'rule'>;

/**
 * What is wrong with a wallet's label or a rule's name, in the run's
 * language, by the app's one definition (shared/user-names.ts): a name that
 * could break a line or turn the text around it is refused before anything
 * is saved; null when it can be used.
 */
export function nameError(name: string, kind: CliNameKind): string | null {
  const problem = nameProblem(name, kind);
  if (problem === null) return null;
  const label = kind === 'walletLabel';
  switch (problem.kind) {
    case 'empty':
      return label ? t('names.walletLabel.empty') : t('names.rule.empty');
    case 'too_long':
      return label ? t('names.walletLabel.tooLong', { count: problem.max }) : t('names.rule.tooLong', { count: problem.max });
    case 'character': {
      const values = { codePoint: problem.codePoint };
      return label ? t('names.walletLabel.character', values) : t('names.rule.character', values);
    }
  }
}
