import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A number written as given (`-30.00`): the exporter says which cells are numbers, so an amount stays
 * a number a spreadsheet sums while text that merely looks numeric (a phone `+14155550123`) stays text.
 */
export class CsvNumber {
  constructor(readonly text: string) {}
}

export type CsvValue = string | number | CsvNumber | boolean | Date | null | undefined;

/** Characters a spreadsheet reads as the start of a formula (or that hide one), per OWASP's CSV injection advice. */
const formulaStart = /^[=+\-@\t\r]/;

/** Cells a CSV reader would split or misread unless quoted; `;` for spreadsheets in semicolon locales. */
const needsQuotes = /[",;\r\n]/;

/**
 * One cell. Text that starts like a formula gets a leading `'` so a spreadsheet shows it as text
 * instead of running it; a number (a JS number or a CsvNumber, negative amounts included) is written
 * as it is, so it sums. A cell with a quote, comma, semicolon or line break is quoted, quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || value instanceof CsvNumber) return String(value instanceof CsvNumber ? value.text : value);
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated as RFC 4180 has it. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV file as a stream: the header, then each batch of rows as the source yields it, so memory
 * holds one batch whatever the size of the file. The stream pulls the next batch only when the
 * client has taken the previous one.
 */
export function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  toRow: (item: T) => readonly CsvValue[],
): Readable {
  async function* lines() {
    // A byte-order mark, so spreadsheets open the file as UTF-8.
    yield `\uFEFF${csvRow(header)}`;
    for await (const batch of batches) {
      if (batch.length) yield batch.map((item) => csvRow(toRow(item))).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** `attachment; filename="<prefix>-YYYY-MM-DD.csv"` for today (UTC). */
export function csvAttachment(prefix: string, now = new Date()): string {
  return `attachment; filename="${prefix}-${now.toISOString().slice(0, 10)}.csv"`;
}

/** Sends a CSV download: UTF-8, named `{prefix}-{YYYY-MM-DD}.csv`, never cached. */
export function sendCsv(reply: FastifyReply, prefix: string, body: Readable | string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', csvAttachment(prefix))
    .header('cache-control', 'no-store')
    .send(body);
}
