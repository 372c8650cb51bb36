import { importColumns, type ColumnMapping, type ImportColumn } from '@portal/contract';
import { readCsv } from '@portal/contract/csv';

/**
 * The header row of a CSV file, read in the browser so the admin can map columns before uploading.
 * The first records are read with the server's reader (same delimiter detection: comma, semicolon
 * or tab); the server parses the whole file and is the judge of its validity.
 */
export async function readCsvHeader(file: File): Promise<string[]> {
  // The reader guesses the delimiter from the first ten records, as it does on the server.
  const { records } = readCsv(await file.slice(0, 64 * 1024).text(), 10);
  const header = records.find((record) => record.some((cell) => cell.trim() !== '')) ?? [];
  const cells = header.map((cell) => cell.trim());
  return cells.filter((cell, index) => cell !== '' || index < cells.length - 1);
}

/** Words a processor's header may use for each column (Qualpay, Maast, IRIS-style reports). */
const synonyms: Record<ImportColumn, RegExp> = {
  mid: /^(mid|merchant ?(id|number|#)|merchant_id)$/i,
  business: /(dba|business|merchant ?name|legal name)/i,
  transactions: /(# ?sales|sales count|transactions?|txn|count)/i,
  volume: /(\$ ?sales|sales volume|volume|processing volume)/i,
  income: /income/i,
  costs: /(cost|expense|interchange|ic \+)/i,
  net_revenue: /(net ?rev|partner net|net revenue|net)/i,
};

/** A first guess at the mapping from header names; every guess can be changed before the dry run. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<string>();
  const mapping: ColumnMapping = {};
  // The most specific columns first, so "Net revenue" is not taken by a looser pattern.
  for (const column of ['mid', 'net_revenue', 'income', 'costs', 'transactions', 'volume', 'business'] as const) {
    const header = headers.find((h) => !taken.has(h) && synonyms[column].test(h));
    if (header) {
      mapping[column] = header;
      taken.add(header);
    }
  }
  return Object.fromEntries(importColumns.map((column) => [column, mapping[column] ?? null]));
}
