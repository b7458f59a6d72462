/**
 * Address poisoning sends dust from an address that starts and ends like one
 * you use, hoping you copy it from your history. Shortened forms ("TJRa…Tv8")
 * cannot tell them apart; this finds a known address that looks the same at
 * both ends but is not, and where the two differ, so the full form can mark it.
 */
export interface LookAlike {
  known: string;
  /** Character positions where `address` differs from `known`. */
  differsAt: number[];
}

const ENDS = 4;

export function findLookAlike(address: string, known: readonly string[]): LookAlike | null {
  if (address.length < ENDS * 2) return null;
  for (const other of known) {
    if (other === address || other.length !== address.length) continue;
    if (other.slice(0, ENDS) !== address.slice(0, ENDS) || other.slice(-ENDS) !== address.slice(-ENDS)) continue;
    const differsAt: number[] = [];
    for (let i = 0; i < address.length; i++) if (address[i] !== other[i]) differsAt.push(i);
    return { known: other, differsAt };
  }
  return null;
}

/** "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8" → groups of four, easier to read aloud and compare. */
export function addressGroups(address: string): Array<{ text: string; start: number }> {
  const groups: Array<{ text: string; start: number }> = [];
  for (let i = 0; i < address.length; i += 4) groups.push({ text: address.slice(i, i + 4), start: i });
  return groups;
}
