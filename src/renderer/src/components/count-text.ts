import { parseCountText } from '../../../shared/count-input.ts';

/** A count as typed into a form ("65000", "65,000", "65 000", "65k"): a whole number, or null. */
export function parseCount(text: string): number | null {
  return parseCountText(text);
}
