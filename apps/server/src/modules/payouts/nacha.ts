/**
 * A NACHA (ACH) file of credits: one batch per standard entry class (PPD for people, CCD for
 * companies), 94-character records, blocked to 10 with rows of 9s, with batch and file controls
 * (counts, entry hash, totals). The portal builds the file; the program's bank moves the money.
 */

export interface NachaOriginator {
  /** The program's bank (ODFI): routing number, 9 digits. */
  odfiRouting: string;
  odfiName: string;
  companyName: string;
  /** The company identification the bank assigned (usually "1" + EIN), 10 characters. */
  companyId: string;
}

export interface NachaEntry {
  entryClass: 'PPD' | 'CCD';
  accountType: 'checking' | 'savings';
  /** A zero-dollar prenote that checks the account before the first real credit. */
  prenote: boolean;
  routing: string;
  account: string;
  amountCents: number;
  /** The payee's id with the program (15 characters at most). */
  idNumber: string;
  name: string;
  /** The trace number's sequence (7 digits); unique within the file. */
  seq: number;
}

export interface NachaFileInput {
  originator: NachaOriginator;
  entries: readonly NachaEntry[];
  /** YYYY-MM-DD */
  effectiveDate: string;
  createdAt: Date;
  /** A-Z, 0-9: tells apart files made the same day. */
  fileIdModifier: string;
  /** The first batch's number; the next one follows. */
  batchNumber: number;
  description: string;
}

export const RECORD_LENGTH = 94;
const BLOCKING_FACTOR = 10;

/** ACH text: upper case, printable ASCII only (accents are dropped, not mangled). */
function achText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '')
    .toUpperCase();
}
const alpha = (value: string, width: number) => achText(value).slice(0, width).padEnd(width, ' ');
const num = (value: number | string, width: number) => {
  const text = String(value);
  if (!/^\d+$/.test(text)) throw new Error(`not a number for a NACHA field: ${text}`);
  return text.slice(-width).padStart(width, '0');
};

function yymmdd(day: string): string {
  return day.slice(2, 4) + day.slice(5, 7) + day.slice(8, 10);
}

const transactionCode = (e: NachaEntry) => (e.accountType === 'checking' ? (e.prenote ? '23' : '22') : e.prenote ? '33' : '32');

export function buildNachaFile(input: NachaFileInput): string {
  const { originator: o } = input;
  const odfi8 = o.odfiRouting.slice(0, 8);
  const created = input.createdAt.toISOString();
  const records: string[] = [];
  records.push(
    '1' +
      '01' +
      ' ' +
      num(o.odfiRouting, 9) +
      alpha(o.companyId, 10) +
      yymmdd(created.slice(0, 10)) +
      created.slice(11, 13) +
      created.slice(14, 16) +
      alpha(input.fileIdModifier, 1) +
      '094' +
      '10' +
      '1' +
      alpha(o.odfiName, 23) +
      alpha(o.companyName, 23) +
      alpha('', 8),
  );
  let batchCount = 0;
  let entryCount = 0;
  let fileHash = 0;
  let fileCredit = 0;
  for (const entryClass of ['PPD', 'CCD'] as const) {
    const entries = input.entries.filter((e) => e.entryClass === entryClass);
    if (!entries.length) continue;
    const batchNumber = num(input.batchNumber + batchCount, 7);
    batchCount += 1;
    records.push(
      '5' +
        '220' +
        alpha(o.companyName, 16) +
        alpha('', 20) +
        alpha(o.companyId, 10) +
        entryClass +
        alpha(input.description, 10) +
        alpha('', 6) +
        yymmdd(input.effectiveDate) +
        '   ' +
        '1' +
        num(odfi8, 8) +
        batchNumber,
    );
    let hash = 0;
    let credit = 0;
    for (const e of entries) {
      if (!/^\d{9}$/.test(e.routing)) throw new Error('routing number must have 9 digits');
      hash += Number(e.routing.slice(0, 8));
      const amount = e.prenote ? 0 : e.amountCents;
      credit += amount;
      records.push(
        '6' +
          transactionCode(e) +
          e.routing.slice(0, 8) +
          e.routing.slice(8) +
          alpha(e.account, 17) +
          num(amount, 10) +
          alpha(e.idNumber, 15) +
          alpha(e.name, 22) +
          '  ' +
          '0' +
          num(odfi8, 8) +
          num(e.seq, 7),
      );
    }
    records.push(
      '8' +
        '220' +
        num(entries.length, 6) +
        num(hash % 10_000_000_000, 10) +
        num(0, 12) +
        num(credit, 12) +
        alpha(o.companyId, 10) +
        alpha('', 19) +
        alpha('', 6) +
        num(odfi8, 8) +
        batchNumber,
    );
    entryCount += entries.length;
    fileHash += hash;
    fileCredit += credit;
  }
  const blocks = Math.ceil((records.length + 1) / BLOCKING_FACTOR);
  records.push(
    '9' +
      num(batchCount, 6) +
      num(blocks, 6) +
      num(entryCount, 8) +
      num(fileHash % 10_000_000_000, 10) +
      num(0, 12) +
      num(fileCredit, 12) +
      alpha('', 39),
  );
  while (records.length % BLOCKING_FACTOR) records.push('9'.repeat(RECORD_LENGTH));
  for (const record of records) {
    if (record.length !== RECORD_LENGTH) throw new Error(`NACHA record of ${record.length} characters`);
  }
  return `${records.join('\r\n')}\r\n`;
}
