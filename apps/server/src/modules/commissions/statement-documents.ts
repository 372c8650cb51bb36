import {
  formatBps,
  formatCents,
  formatDate,
  lineStatusLabels,
  monthLabel,
  monthlyTotalsCsvColumns,
  payoutMessages,
  statementCsvColumns,
  splitBasisLabels,
  statementStatusLabels,
  teamMessages,
  type LineStatus,
  type MonthlyTotal,
  type StatementDetail,
} from '@portal/contract';
import { CsvNumber, csvRow } from '../../lib/csv';
import { registerFonts, writeText } from '../../lib/pdf-fonts';

/** Cents as a plain decimal number cell for spreadsheets: -1234 cents → `-12.34`. */
export function centsText(cents: number): CsvNumber {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return new CsvNumber(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/** Issue 22: a held statement's lines say so, with the reason, where their status is printed. */
const heldText = (reason: string) => `${payoutMessages.heldLabel}: ${reason}`;

/** A statement as CSV: one row per line (residuals, bonuses, adjustments), then the total. */
export function statementCsv(detail: StatementDetail): string {
  const held = detail.statement.held;
  const lineStatus = (status: LineStatus) => (held && status === 'approved' ? heldText(held) : lineStatusLabels[status]);
  let out = `\uFEFF${csvRow(statementCsvColumns)}`;
  for (const r of detail.merchants) {
    out += csvRow([
      'Residual',
      r.month,
      r.business,
      r.mid_last4,
      centsText(r.volume_cents),
      r.transactions,
      centsText(r.net_revenue_cents),
      formatBps(r.share_bps),
      '',
      lineStatus(r.status),
      centsText(r.residual_cents),
    ]);
  }
  for (const b of detail.bonuses) {
    out += csvRow([
      b.kind === 'bonus' ? 'Bonus' : 'Clawback',
      '',
      b.business,
      b.mid_last4,
      '',
      '',
      '',
      '',
      b.description ?? b.reason ?? '',
      lineStatus(b.status),
      centsText(b.amount_cents),
    ]);
  }
  for (const a of detail.adjustments) {
    out += csvRow([
      'Adjustment',
      a.month,
      '',
      '',
      '',
      '',
      '',
      '',
      a.description,
      lineStatus(a.status),
      centsText(a.amount_cents),
    ]);
  }
  for (const o of detail.overrides) {
    out += csvRow([
      'Override',
      o.month,
      o.member,
      o.mid_last4,
      '',
      '',
      centsText(o.net_revenue_cents),
      formatBps(o.rate_bps),
      teamMessages.overrideDescription(o.member, o.mid_last4, splitBasisLabels[o.basis], o.rate_bps),
      lineStatus(o.status),
      centsText(o.amount_cents),
    ]);
  }
  out += csvRow([
    'Total',
    detail.statement.month,
    '',
    '',
    centsText(detail.totals.volume_cents),
    '',
    '',
    '',
    '',
    held ? heldText(held) : statementStatusLabels[detail.statement.status],
    centsText(detail.totals.total_cents),
  ]);
  return out;
}

export function monthlyTotalsCsv(items: MonthlyTotal[]): string {
  let out = `\uFEFF${csvRow(monthlyTotalsCsvColumns)}`;
  for (const t of items) {
    out += csvRow([
      t.month,
      t.statements,
      t.partners,
      centsText(t.volume_cents),
      centsText(t.residual_cents),
      centsText(t.bonus_cents),
      centsText(t.adjustment_cents),
      centsText(t.total_cents),
      centsText(t.paid_cents),
    ]);
  }
  return out;
}

/**
 * A statement as PDF, drawn on the server with pdfkit and embedded subsets of the Noto fonts, so names
 * and notes in any of their scripts print as typed. Same statement → same bytes: the creation date
 * and the file id derive from the statement's month, never from the clock.
 */
export async function statementPdf(detail: StatementDetail, companyName: string): Promise<Buffer> {
  // pdfkit (about 17 MB resident) is loaded with the first statement PDF, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const s = detail.statement;
  const fixedDate = new Date(`${s.month}-01T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    compress: true,
    info: {
      Title: `Commission statement ${monthLabel(s.month)}`,
      Author: companyName,
      Subject: `${s.partner_name}, ${monthLabel(s.month)}`,
      Creator: companyName,
      Producer: companyName,
      CreationDate: fixedDate,
      ModDate: fixedDate,
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => formatCents(cents, s.currency);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  writeText(doc.fontSize(18).fillColor('#111827'), 'bold', companyName);
  doc
    .moveDown(0.2)
    .font('Sans')
    .fontSize(12)
    .fillColor('#374151')
    .text(`Commission statement: ${monthLabel(s.month)}`);
  doc.moveDown(0.5).fontSize(10);
  writeText(doc, 'regular', `Partner: ${s.partner_name} (${s.partner_email})`);
  writeText(
    doc,
    'regular',
    `Status: ${statementStatusLabels[s.status]}${s.paid_on ? `, paid on ${formatDate(s.paid_on)}` : ''}${s.paid_reference ? `, reference ${s.paid_reference}` : ''}`,
  );
  if (s.held) writeText(doc.fillColor('#b45309'), 'bold', heldText(s.held)).fillColor('#111827');
  writeText(
    doc,
    'regular',
    `Plan: ${formatBps(detail.plan.residual_share_bps)} of net revenue; bonus ${money(detail.plan.bonus_cents)} per merchant`,
  );
  doc.moveDown(1);

  type Column = { title: string; width: number; align?: 'left' | 'right' };
  const table = (title: string, columns: Column[], rows: string[][]) => {
    if (doc.y > doc.page.height - 150) doc.addPage();
    doc.font('Sans-Bold').fontSize(12).fillColor('#111827').text(title, left, doc.y);
    doc.moveDown(0.3);
    // Every header fits on one line: a column narrower than its bold title (plus padding) grows,
    // and the first column (names, which may wrap) gives up the room.
    doc.font('Sans-Bold').fontSize(9);
    const widths = columns.map((c) => Math.max(c.width * width, doc.widthOfString(c.title) + 6));
    widths[0]! -= widths.reduce((sum, w) => sum + w, 0) - width;
    const drawRow = (cells: string[], bold: boolean) => {
      if (doc.y > doc.page.height - 70) doc.addPage();
      const y = doc.y;
      let x = left;
      doc.fontSize(9).fillColor('#111827');
      let height = 0;
      cells.forEach((cell, i) => {
        const col = columns[i]!;
        const w = widths[i]!;
        writeText(doc, bold ? 'bold' : 'regular', cell, x + 2, y, { width: w - 4, align: col.align ?? 'left' });
        height = Math.max(height, doc.y - y);
        x += w;
      });
      doc.y = y + height + 4;
      doc
        .moveTo(left, doc.y - 2)
        .lineTo(left + width, doc.y - 2)
        .lineWidth(0.5)
        .strokeColor('#e5e7eb')
        .stroke();
    };
    drawRow(
      columns.map((c) => c.title),
      true,
    );
    if (!rows.length) drawRow(['None', ...columns.slice(1).map(() => '')], false);
    for (const row of rows) drawRow(row, false);
    doc.moveDown(1);
  };

  table(
    'Residuals',
    [
      // "September 2026" and "Transactions" each need about 0.13 of the width at 9 pt.
      { title: 'Business', width: 0.2 },
      { title: 'MID', width: 0.07 },
      { title: 'Month', width: 0.14 },
      { title: 'Volume', width: 0.15, align: 'right' },
      { title: 'Transactions', width: 0.13, align: 'right' },
      { title: 'Net revenue', width: 0.12, align: 'right' },
      { title: 'Share', width: 0.08, align: 'right' },
      { title: 'Residual', width: 0.11, align: 'right' },
    ],
    detail.merchants.map((r) => [
      r.business,
      `…${r.mid_last4}`,
      monthLabel(r.month),
      money(r.volume_cents),
      r.transactions === null ? '' : r.transactions.toLocaleString('en-US'),
      money(r.net_revenue_cents),
      formatBps(r.share_bps),
      money(r.residual_cents),
    ]),
  );
  table(
    'Bonuses',
    [
      { title: 'Merchant', width: 0.3 },
      { title: 'Approved', width: 0.14 },
      { title: 'Note', width: 0.28 },
      { title: 'Status', width: 0.12 },
      { title: 'Amount', width: 0.16, align: 'right' },
    ],
    detail.bonuses.map((b) => [
      b.business ? `${b.business}${b.mid_last4 ? ` (…${b.mid_last4})` : ''}` : '',
      b.approved_on ? formatDate(b.approved_on) : '',
      b.description ?? b.reason ?? (b.kind === 'clawback' ? 'Clawback' : ''),
      s.held && b.status === 'approved' ? payoutMessages.heldLabel : lineStatusLabels[b.status],
      money(b.amount_cents),
    ]),
  );
  table(
    'Adjustments',
    [
      { title: 'Description', width: 0.6 },
      { title: 'Month', width: 0.2 },
      { title: 'Amount', width: 0.2, align: 'right' },
    ],
    detail.adjustments.map((a) => [a.description, monthLabel(a.month), money(a.amount_cents)]),
  );
  // Issue 21: only a statement with overrides gets their table and total (others print as before).
  const withOverrides = detail.overrides.length > 0;
  if (withOverrides)
    table(
      'Overrides on your team',
      [
        { title: 'Team member', width: 0.22 },
        { title: 'MID', width: 0.07 },
        { title: 'Month', width: 0.14 },
        { title: 'Level', width: 0.07, align: 'right' },
        { title: 'Basis', width: 0.17 },
        { title: 'Net revenue', width: 0.12, align: 'right' },
        { title: 'Rate', width: 0.08, align: 'right' },
        { title: 'Override', width: 0.13, align: 'right' },
      ],
      detail.overrides.map((o) => [
        o.member,
        `…${o.mid_last4}`,
        monthLabel(o.month),
        String(o.level),
        splitBasisLabels[o.basis],
        money(o.net_revenue_cents),
        formatBps(o.rate_bps),
        money(o.amount_cents),
      ]),
    );
  const totalWidth = withOverrides ? 0.2 : 0.25;
  table(
    'Totals',
    [
      { title: 'Residuals', width: totalWidth, align: 'right' },
      ...(withOverrides ? [{ title: 'Overrides', width: totalWidth, align: 'right' as const }] : []),
      { title: 'Bonuses', width: totalWidth, align: 'right' },
      { title: 'Adjustments', width: totalWidth, align: 'right' },
      { title: 'Total', width: totalWidth, align: 'right' },
    ],
    [
      [
        money(detail.totals.residual_cents),
        ...(withOverrides ? [money(detail.totals.override_cents)] : []),
        money(detail.totals.bonus_cents),
        money(detail.totals.adjustment_cents),
        money(detail.totals.total_cents),
      ],
    ],
  );
  doc.fontSize(9).fillColor('#4b5563');
  writeText(doc, 'regular', detail.note, left, doc.y);
  doc.end();
  return done;
}
