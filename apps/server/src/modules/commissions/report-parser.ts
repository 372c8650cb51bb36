import {
  commissionMessages as m,
  importColumnLabels,
  importColumns,
  parseCount,
  parseMoneyCents,
  type ColumnMapping,
  type ImportColumn,
  type ImportError,
} from '@portal/contract';
import { readCsv } from '@portal/contract/csv';
import { commissionImportRows } from '../../db/schema';
import { unprocessable } from '../../lib/errors';

type NewImportRow = typeof commissionImportRows.$inferInsert;

export interface ParsedReport {
  headers: string[];
  rows: Omit<NewImportRow, 'importId'>[];
  /** Every row the file has (valid or not). */
  rowCount: number;
  errors: ImportError[];
  duplicates: { mid: string; rows: number[] }[];
}

const fileError = (message: string, field = 'file') => unprocessable(message, { [field]: message });

/** lower-cased, spaces collapsed: how processors (and headers) are compared. */
export const processorKey = (processor: string) => processor.trim().replace(/\s+/g, ' ').toLowerCase();
const headerKey = (header: string) => header.trim().replace(/\s+/g, ' ').toLowerCase();

function looksBinary(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 8_192);
  if (head.subarray(0, 4).toString('latin1') === '%PDF') return true;
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return true; // zip (xlsx)
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) return true; // xls
  return head.includes(0);
}

/**
 * Reads a residual report: refuses what is not a UTF-8 CSV or lacks a mapped column (422 with the
 * reason), and lists per-row problems (a number that is not a number, an empty MID: row and column
 * named) and MIDs the file lists twice. Rows are numbered as a spreadsheet shows them (header = 1).
 */
export function parseReport(bytes: Buffer, mapping: ColumnMapping): ParsedReport {
  if (!bytes.length) throw fileError(m.noHeader);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw fileError(m.wrongEncoding);
  if (looksBinary(bytes)) throw fileError(m.notCsv);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileError(m.wrongEncoding);
  }
  const { records, problem } = readCsv(text);
  // The line each record starts on: one per record plus the line breaks inside quoted cells.
  const lineOf: number[] = [];
  let line = 1;
  for (const record of records) {
    lineOf.push(line);
    line += 1;
    for (const value of record) for (let at = value.indexOf('\n'); at >= 0; at = value.indexOf('\n', at + 1)) line += 1;
  }
  if (problem) throw fileError(m.csvMalformed(lineOf[problem.record] ?? line, problem.message));
  const blank = (record: string[]) => record.every((value) => !value.trim());
  const firstAt = records.findIndex((record) => !blank(record));
  if (firstAt < 0) throw fileError(m.noHeader);
  const headers = records[firstAt]!.map((h) => h.trim());
  if (headers.length < 2) throw fileError(m.notCsv);
  if (!records.slice(firstAt + 1).some((record) => !blank(record))) throw fileError(m.emptyFile);

  const index = new Map<ImportColumn, number>();
  const missing: Record<string, string> = {};
  for (const column of importColumns) {
    const wanted = mapping[column];
    if (!wanted) continue;
    const at = headers.findIndex((h) => headerKey(h) === headerKey(wanted));
    if (at < 0) missing[`mapping.${column}`] = m.missingColumn(importColumnLabels[column], wanted);
    else index.set(column, at);
  }
  if (Object.keys(missing).length) throw unprocessable(Object.values(missing)[0]!, missing);

  const errors: ImportError[] = [];
  const rows: ParsedReport['rows'] = [];
  const seen = new Map<string, number[]>();
  const header = (column: ImportColumn) => headers[index.get(column)!]!;
  const cell = (record: string[], column: ImportColumn) => (index.has(column) ? (record[index.get(column)!] ?? '').trim() : '');
  let rowCount = 0;
  for (let i = firstAt + 1; i < records.length; i++) {
    const record = records[i]!;
    const rowNo = lineOf[i]!;
    if (blank(record)) continue;
    rowCount += 1;
    const rowErrors: ImportError[] = [];
    const mid = cell(record, 'mid');
    if (!mid) rowErrors.push({ row: rowNo, column: header('mid'), message: m.midMissing(rowNo, header('mid')) });
    const money = (column: ImportColumn, required: boolean): number | null => {
      if (!index.has(column)) return null;
      const raw = cell(record, column);
      if (!raw && !required) return null;
      const value = parseMoneyCents(raw);
      if (value === null)
        rowErrors.push({ row: rowNo, column: header(column), message: m.notANumber(rowNo, header(column), raw) });
      return value;
    };
    const volume = money('volume', true);
    const net = money('net_revenue', true);
    const income = money('income', false);
    const costs = money('costs', false);
    let transactions: number | null = null;
    if (index.has('transactions') && cell(record, 'transactions')) {
      transactions = parseCount(cell(record, 'transactions'));
      if (transactions === null) {
        const raw = cell(record, 'transactions');
        rowErrors.push({ row: rowNo, column: header('transactions'), message: m.notANumber(rowNo, header('transactions'), raw) });
      }
    }
    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    const rowsOfMid = seen.get(mid);
    if (rowsOfMid) rowsOfMid.push(rowNo);
    else seen.set(mid, [rowNo]);
    rows.push({
      rowNo,
      mid,
      business: cell(record, 'business') || null,
      transactions,
      volumeCents: volume!,
      incomeCents: income,
      costsCents: costs,
      netRevenueCents: net!,
    });
  }
  const duplicates = [...seen.entries()].filter(([, at]) => at.length > 1).map(([mid, at]) => ({ mid, rows: at }));
  return { headers, rows, rowCount, errors, duplicates };
}
