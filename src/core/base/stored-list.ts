/** A list read back from a file a person or an older version may have written: the entries that could be read, and how many could not. */
export interface StoredList<T> {
  items: T[];
  dropped: number;
}

/** What reads one entry (a zod schema is one). */
export interface EntryParser<T> {
  safeParse(entry: unknown): { success: true; data: T } | { success: false };
}

/**
 * Reads a stored list entry by entry: an entry the parser refuses, or one
 * with a key (any of `keys`) that an entry kept before it has, is left out
 * and counted rather than poisoning the whole list.
 */
export function parseStoredList<T>(
  stored: readonly unknown[],
  parser: EntryParser<T>,
  keys: (item: T) => readonly string[],
): StoredList<T> {
  const items: T[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const entry of stored) {
    const parsed = parser.safeParse(entry);
    const keyed = parsed.success ? keys(parsed.data) : [];
    if (parsed.success && keyed.every((key) => !seen.has(key))) {
      for (const key of keyed) seen.add(key);
      items.push(parsed.data);
    } else dropped++;
  }
  return { items, dropped };
}
