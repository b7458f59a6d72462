import type { CommandContext } from './context.ts';
import { t } from './i18n.ts';

/**
 * An address as typed, without the spaces a copy and paste often brings
 * along; the user is told, on stderr, so stdout stays the result alone.
 */
export function addressArgument(ctx: CommandContext, typed: string): string {
  const address = typed.trim();
  if (address !== typed) ctx.notify('note', t('notes.trimmedAddress', { address }));
  return address;
}
