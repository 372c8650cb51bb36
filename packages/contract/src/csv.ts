import Papa from 'papaparse';

/**
 * The delimiters a residual report may use. The reader picks the one that splits the first ten
 * records into the most even number of cells (papaparse's guess), so a semicolon or tab report
 * reads in columns, and a comma inside a semicolon report's cell stays in its cell.
 */
export const csvDelimiters = [',', ';', '\t'] as const;

export interface CsvTable {
  /** Every record as its cells, blank lines included (as one empty cell), unquoted and untrimmed. */
  records: string[][];
  /** The delimiter the reader chose; a comma when no candidate splits the first records. */
  delimiter: string;
  /** The first quoting problem (an unclosed or stray quote): the record it is in and what is wrong. */
  problem: { record: number; message: string } | null;
}

/**
 * Reads CSV text the same way in the browser (the import wizard's preview) and on the server (the
 * import itself): a leading byte-order mark is dropped, the delimiter is detected among
 * {@link csvDelimiters}, quoted cells may hold delimiters, doubled quotes and line breaks, and
 * records may have different numbers of cells. `maxRecords` stops after that many records (0: all).
 */
export function readCsv(text: string, maxRecords = 0): CsvTable {
  const result = Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: [...csvDelimiters],
    preview: maxRecords,
    skipEmptyLines: false,
  });
  const quoting = result.errors.find((error) => error.type === 'Quotes');
  return {
    records: result.data,
    delimiter: result.meta.delimiter,
    problem: quoting ? { record: quoting.row ?? result.data.length - 1, message: quoting.message } : null,
  };
}
