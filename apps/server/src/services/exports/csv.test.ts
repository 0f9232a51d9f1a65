import { describe, expect, it } from 'vitest';
import { amount, istCell, textCell, toCsv } from './csv.ts';

describe('CSV cells', () => {
  it('neutralises text that a spreadsheet would run as a formula, and quotes what must be', () => {
    expect(
      ['=SUM(A1)', '+91 98', '-5', '@cmd', '\tx', 'Plain', 'a,b', 'say "hi"', 'two\nlines'].map(textCell),
    ).toEqual([
      "'=SUM(A1)",
      "'+91 98",
      "'-5",
      "'@cmd",
      "'\tx",
      'Plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
    ]);
  });

  it('writes amounts as plain numbers with two decimals (a negative one not neutralised) and instants in IST', () => {
    expect(toCsv(['P&L'], [[amount(-1234.5)], [amount(0)], [amount(100)], [7]])).toBe(
      '\uFEFFP&L\r\n-1234.50\r\n0.00\r\n100.00\r\n7\r\n',
    );
    expect(istCell('2026-11-27T18:45:07.000Z')).toBe('28/11/2026 00:15:07');
  });

  it('makes a file with a BOM, CRLF lines and empty cells for nulls', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['x', null],
          [amount(-2), '=1'],
        ],
      ),
    ).toBe("\uFEFFA,B\r\nx,\r\n-2.00,'=1\r\n");
  });
});
