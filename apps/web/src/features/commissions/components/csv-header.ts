import { importColumns, type ColumnMapping, type ImportColumn } from '@portal/contract';

/**
 * The header row of a CSV file, read in the browser so the admin can map columns before uploading.
 * Only the first line is parsed (quoted fields, doubled quotes, a UTF-8 BOM); the server parses the
 * whole file and is the judge of its validity.
 */
export async function readCsvHeader(file: File): Promise<string[]> {
  const text = await file.slice(0, 64 * 1024).text();
  const source = text.replace(/^\uFEFF/, '');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') break;
    else cell += char;
  }
  cells.push(cell.trim());
  return cells.filter((header, index) => header !== '' || index < cells.length - 1);
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
