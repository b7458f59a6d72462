/** A count as typed into a form: a whole number (up to 15 digits, so it stays exact), or null. */
export function parseCount(text: string): number | null {
  return /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : null;
}
