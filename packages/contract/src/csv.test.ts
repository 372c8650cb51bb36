import { describe, expect, it } from 'vitest';
import { readCsv } from './csv';

describe('readCsv', () => {
  it.each([
    [',', 'MID,DBA,Volume\r\n1,"Oak; Pizza",10\r\n2,Maple,20\r\n'],
    [';', 'MID;DBA;Volume\r\n1;Oak, Pizza;10\r\n2;Maple;20\r\n'],
    ['\t', 'MID\tDBA\tVolume\n1\tOak, Pizza\t10\n2\tMaple\t20\n'],
  ])('detects %j and keeps the other separators inside cells', (delimiter, text) => {
    const { records, delimiter: found, problem } = readCsv(text);
    expect(found).toBe(delimiter);
    expect(problem).toBeNull();
    expect(records.slice(0, 3)).toEqual([
      ['MID', 'DBA', 'Volume'],
      ['1', delimiter === ',' ? 'Oak; Pizza' : 'Oak, Pizza', '10'],
      ['2', 'Maple', '20'],
    ]);
  });

  it('drops a byte-order mark, keeps quoted line breaks and doubled quotes, and stops after maxRecords', () => {
    const text = '\uFEFFMID,Note\n1,"two\nlines ""quoted"""\n2,x\n';
    expect(readCsv(text).records.slice(0, 3)).toEqual([
      ['MID', 'Note'],
      ['1', 'two\nlines "quoted"'],
      ['2', 'x'],
    ]);
    expect(readCsv(text, 1).records).toEqual([['MID', 'Note']]);
  });

  it('names the record of an unclosed or stray quote', () => {
    expect(readCsv('MID,DBA\n1,"open\n2,x\n').problem).toEqual({ record: 1, message: 'Quoted field unterminated' });
    expect(readCsv('MID,DBA\n1,ok\n2,"a"b\n').problem).toMatchObject({ record: 2 });
  });
});
