import { describe, expect, it } from 'vitest';
import { columnsTable, keyValueTable, padToWidth } from '../../src/cli/table.ts';

/** Where each column starts on screen: a CJK character takes two terminal columns. */
const screenColumns = (line: string, cells: readonly string[]): number[] => {
  const starts: number[] = [];
  let from = 0;
  for (const cell of cells) {
    const at = line.indexOf(cell, from);
    starts.push([...line.slice(0, at)].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0));
    from = at + cell.length;
  }
  return starts;
};

describe('plain-text tables', () => {
  it('line up Chinese columns by their width on screen, not by string length', () => {
    const rows = [
      ['订单', '进行中', 'TJRa'],
      ['65,000 能量', '成功', 'TXyz'],
    ];
    const lines = columnsTable(['订单', '状态', '地址'], rows).split('\n');
    expect(lines[0]).toBe('订单         状态    地址');
    expect(screenColumns(lines[1]!, rows[0]!)).toEqual([0, 13, 21]);
    expect(screenColumns(lines[2]!, rows[1]!)).toEqual([0, 13, 21]);
  });

  it('keeps English and Russian tables as before (one column per character)', () => {
    expect(columnsTable(['state', 'cost'], [['running', '3.25 TRX']])).toBe('state    cost\nrunning  3.25 TRX');
    expect(keyValueTable([['TRX', '1'], ['заказ', '2']])).toBe('TRX    1\nзаказ  2');
    expect(keyValueTable([['余额', '1'], ['TRX', '2']])).toBe('余额  1\nTRX   2');
    expect(padToWidth('能量', 6)).toBe('能量  ');
  });
});
