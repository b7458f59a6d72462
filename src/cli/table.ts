import stringWidth from 'string-width';

/**
 * Plain-text tables for the readable (non --json) output. Columns line up by
 * the width a terminal gives each character (string-width: a Chinese
 * character takes two columns, a combining mark none), not by the string's
 * length, so that a table in Chinese is as straight as one in English.
 */

export type Row = readonly [label: string, value: string];

/** `text` followed by spaces up to `width` terminal columns. */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

export function keyValueTable(rows: readonly Row[]): string {
  const width = Math.max(0, ...rows.map(([label]) => stringWidth(label)));
  return rows.map(([label, value]) => `${padToWidth(label, width)}  ${value}`).join('\n');
}

export function columnsTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((h, i) => Math.max(stringWidth(h), ...rows.map((r) => stringWidth(r[i] ?? ''))));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => padToWidth(c, widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}
