import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv';
import { CsvNumber, csvAttachment, csvCell, csvRow, csvStream } from './csv';

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  it.each(['=1+1', '+1 555', '-2+3', '-A1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil","x")', '-', '+'])(
    'neutralises a cell starting like a formula: %j',
    (value) => {
      const cell = parseCsv(csvRow([value]))[0]?.[0];
      expect(cell).toBe(`'${value}`);
    },
  );

  it.each(['-30.00', '-2', '+1', '0.5', '-.5', '1e3', '-1.5E-2'])('writes a number cell as it is: %j', (value) => {
    expect(csvCell(new CsvNumber(value))).toBe(value);
    expect(csvCell(-30)).toBe('-30');
  });

  it('keeps text that only looks numeric as text, so a phone keeps its plus sign', () => {
    expect(csvCell('+14155550123')).toBe("'+14155550123");
  });

  it('quotes a cell holding a semicolon, so semicolon locales keep it in one cell', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    // A reader splitting on `;` (as spreadsheets in semicolon locales do) keeps the cell whole.
    expect(parse(csvRow(['a;b']), { delimiter: ';' })).toEqual([['a;b']]);
  });

  it('reads back exactly what was written', () => {
    const values = ['Café "Chez Nous", Paris', 'two\r\nlines', '=cmd|/C calc', 'ok', ''];
    expect(parseCsv(csvRow(values))).toEqual([['Café "Chez Nous", Paris', 'two\r\nlines', "'=cmd|/C calc", 'ok', '']]);
  });

  it('streams a header then every batch, with a byte-order mark', async () => {
    async function* batches() {
      yield [1, 2];
      yield [];
      yield [3];
    }
    let text = '';
    for await (const chunk of csvStream(['n', 'double'], batches(), (n) => [n, n * 2])) text += String(chunk);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['n', 'double'],
      ['1', '2'],
      ['2', '4'],
      ['3', '6'],
    ]);
  });

  it('names the attachment after the UTC day', () => {
    expect(csvAttachment('referrals', new Date('2026-11-22T23:59:00Z'))).toBe('attachment; filename="referrals-2026-11-22.csv"');
  });
});
