import { codePointText, refusedCharacter } from '../../../shared/user-names.ts';
import type { RendererT } from '../i18n.ts';

/**
 * Why a name as typed cannot be saved because of a character in it (a
 * control character or a text-direction mark: main shows names in its own
 * dialogs), in the dashboard's words; null when no such character is in it.
 * Main refuses the same names (shared/user-names.ts); saying so here first
 * keeps the form's own field in charge of the message.
 */
export function refusedNameText(name: string, t: RendererT): string | null {
  const refused = refusedCharacter(name);
  return refused === null ? null : t('names.refused', { codePoint: codePointText(refused) });
}
