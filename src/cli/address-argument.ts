import type { CommandContext } from './context.ts';

/**
 * An address as typed, without the spaces a copy and paste often brings
 * along; the user is told, on stderr, so stdout stays the result alone.
 */
export function addressArgument(ctx: CommandContext, typed: string): string {
  const address = typed.trim();
  if (address !== typed) ctx.notify('note', `removed the spaces around the address; using ${address}.`);
  return address;
}
