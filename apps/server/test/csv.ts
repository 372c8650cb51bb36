import { readCsv } from '@portal/contract/csv';

/**
 * A CSV download as rows of cells, read by the importer's reader (papaparse), so the exports are
 * checked by a parser other than the code that writes them. The empty record after the last CRLF is dropped.
 */
export function parseCsv(input: string): string[][] {
  const { records, problem } = readCsv(input);
  if (problem) throw new Error(`unreadable CSV, record ${problem.record}: ${problem.message}`);
  const last = records.at(-1);
  return last?.length === 1 && last[0] === '' ? records.slice(0, -1) : records;
}
