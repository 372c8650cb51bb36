import qrcode from 'qrcode-generator';
import { registerFonts, writeText } from '../../lib/pdf-fonts';
import {
  formatDate,
  formatPctRange,
  formatUsd,
  formatUsdRange,
  savingsDisclaimer,
  typicalEffectiveRatePct,
  type SavingsEstimate,
  type SavingsEstimateInput,
} from '@portal/contract';

export interface ProposalContent {
  /** The reseller's brand (Company Name setting, or the product name). */
  companyName: string;
  supportPhone: string | null;
  partnerName: string;
  merchantName: string;
  input: SavingsEstimateInput;
  estimate: SavingsEstimate;
  /** The partner's link tagged `?src=proposal`: the QR code carries it. */
  link: string;
  /** The day it is issued (UTC midnight); also the PDF's creation date, so equal inputs give equal bytes. */
  issuedOn: Date;
  validUntil: Date;
}

const page = { width: 612, height: 792, margin: 48 }; // US Letter, points
const colors = {
  brand: '#1e40af',
  brandDark: '#1e3a8a',
  ink: '#0f172a',
  body: '#334155',
  muted: '#64748b',
  line: '#e2e8f0',
  tint: '#eff6ff',
  green: '#047857',
  greenTint: '#ecfdf5',
};
/** Noto Sans for the fixed English text; names and other typed text go through writeText (any script). */
const font = { regular: 'Sans', bold: 'Sans-Bold' };

/** A proposal's day in the portal's one date format (issue 23 §9), as the web shows it: "Nov 22, 2026". */
const formatDay = (date: Date) => formatDate(date, 'UTC');

/**
 * The proposal as a one-page PDF (pdfkit, embedded subsets of the Noto fonts so that names in any of
 * their scripts print as typed, the QR code drawn as vector squares). Deterministic: fixed creation
 * date and document id; the font subsets depend only on the text.
 */
export async function renderProposalPdf(c: ProposalContent): Promise<Buffer> {
  // pdfkit (about 17 MB resident) is loaded with the first proposal, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: page.margin,
    compress: true,
    info: {
      Title: `Savings proposal for ${c.merchantName}`,
      Author: c.partnerName,
      Subject: `Dual pricing proposal from ${c.companyName}`,
      Creator: c.companyName,
      Producer: 'Partner Portal',
      CreationDate: c.issuedOn,
      ModDate: c.issuedOn,
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = page.margin;
  const width = page.width - page.margin * 2;
  const e = c.estimate;

  // Brand band.
  doc.rect(0, 0, page.width, 88).fill(colors.brand);
  writeText(doc.fontSize(20).fillColor('#ffffff'), 'bold', c.companyName, left, 30, {
    width: width - 160,
    lineBreak: false,
    ellipsis: true,
  });
  doc
    .font(font.regular)
    .fontSize(10)
    .fillColor('#dbeafe')
    .text('SAVINGS PROPOSAL', left + width - 160, 36, { width: 160, align: 'right', characterSpacing: 1.2 });

  // Title.
  writeText(doc.fontSize(22).fillColor(colors.ink), 'bold', `Keep more of every sale, ${c.merchantName}`, left, 112, { width });
  doc.moveDown(0.3);
  writeText(
    doc.fontSize(10).fillColor(colors.muted),
    'regular',
    `Prepared by ${c.partnerName}, ${c.companyName} partner  ·  Issued ${formatDay(c.issuedOn)}  ·  Valid until ${formatDay(c.validUntil)}`,
    undefined,
    undefined,
    { width },
  );

  // The three figures.
  const top = doc.y + 18;
  const gap = 12;
  const cardWidth = (width - gap * 2) / 3;
  const cards = [
    {
      title: 'What you pay today',
      main: formatUsdRange(e.currentMonthly),
      sub: `${formatUsdRange(e.currentYearly)} per year`,
      foot: `Effective rate ${formatPctRange(e.effectiveRatePct)}`,
      fill: colors.tint,
      accent: colors.ink,
    },
    {
      title: 'With dual pricing',
      main: formatUsd(e.dualPricingMonthly),
      sub: `${formatUsd(e.dualPricingYearly)} per year`,
      foot: `Card customers pay a ${e.customerFeePct}% adjustment`,
      fill: colors.tint,
      accent: colors.ink,
    },
    {
      title: 'Your saving',
      main: formatUsdRange(e.savingMonthly),
      sub: `${formatUsdRange(e.savingYearly)} per year`,
      foot: `${formatPctRange(e.savingPct)} of today's fees`,
      fill: colors.greenTint,
      accent: colors.green,
    },
  ];
  cards.forEach((card, i) => {
    const x = left + i * (cardWidth + gap);
    doc.roundedRect(x, top, cardWidth, 112, 8).fill(card.fill);
    doc
      .font(font.bold)
      .fontSize(9)
      .fillColor(colors.muted)
      .text(card.title.toUpperCase(), x + 14, top + 14, { width: cardWidth - 28, characterSpacing: 0.6 });
    doc
      .font(font.bold)
      .fontSize(19)
      .fillColor(card.accent)
      .text(card.main, x + 14, top + 32, { width: cardWidth - 28 });
    doc
      .font(font.regular)
      .fontSize(9)
      .fillColor(colors.body)
      .text('per month', x + 14, doc.y, { width: cardWidth - 28 });
    doc
      .font(font.bold)
      .fontSize(10)
      .fillColor(colors.body)
      .text(card.sub, x + 14, top + 76, { width: cardWidth - 28 });
    doc
      .font(font.regular)
      .fontSize(7.5)
      .fillColor(colors.muted)
      .text(card.foot, x + 14, top + 92, { width: cardWidth - 28 });
  });

  // What the figures rest on.
  const i = c.input;
  const given =
    i.basis === 'fees'
      ? `current processing fees of ${formatUsd(i.monthlyFees ?? 0)} a month`
      : i.basis === 'rate'
        ? `a current effective rate of ${i.effectiveRatePct ?? 0}%`
        : `a typical effective rate of ${typicalEffectiveRatePct.low}–${typicalEffectiveRatePct.high}%, because current fees were not known (your statement gives the exact figure)`;
  doc
    .font(font.regular)
    .fontSize(9.5)
    .fillColor(colors.body)
    .text(`Based on monthly card sales of ${formatUsd(i.monthlySales)} and ${given}.`, left, top + 126, { width });

  const heading = (text: string) => {
    doc.moveDown(1.1);
    doc.font(font.bold).fontSize(12).fillColor(colors.ink).text(text, left, doc.y, { width });
    doc.moveDown(0.35);
    doc.font(font.regular).fontSize(10).fillColor(colors.body);
  };
  const bullet = (text: string) => {
    const y = doc.y;
    doc.circle(left + 4, y + 5, 1.8).fill(colors.brand);
    doc
      .font(font.regular)
      .fontSize(10)
      .fillColor(colors.body)
      .text(text, left + 14, y, { width: width - 14 });
    doc.moveDown(0.3);
  };

  heading('What your customers see');
  bullet('Your shelf and menu prices are the cash prices. Customers paying cash pay exactly that.');
  bullet(`Customers paying by card pay a ${e.customerFeePct}% non-cash adjustment, shown as its own line on the receipt.`);
  if (e.cardCustomerExtra) {
    const { ticket, extra } = e.cardCustomerExtra;
    bullet(
      `On your average ticket of ${formatUsd(ticket)}, a card customer pays ${formatUsd(extra)} more (${formatUsd(ticket + extra)} in all).`,
    );
  }
  bullet(
    'Clear signs at the entrance and the register, and terminals and receipts set up to show both prices, are part of the program.',
  );

  heading('Compliance');
  doc.font(font.regular).fontSize(9).fillColor(colors.body).text(savingsDisclaimer(e.customerFeePct), left, doc.y, { width });

  // The QR code back to the partner's page.
  const qrSize = 112;
  const boxTop = page.height - page.margin - 150;
  doc.roundedRect(left, boxTop, width, 128, 8).lineWidth(1).strokeColor(colors.line).stroke();
  drawQr(doc, c.link, left + 12, boxTop + 8, qrSize);
  const textLeft = left + qrSize + 32;
  const textWidth = width - qrSize - 44;
  doc
    .font(font.bold)
    .fontSize(13)
    .fillColor(colors.ink)
    .text('Scan to request your free analysis', textLeft, boxTop + 22, { width: textWidth });
  doc.moveDown(0.3);
  writeText(
    doc.fontSize(10).fillColor(colors.body),
    'regular',
    `A specialist reviews your processing statement and confirms your exact saving, with no obligation. Your contact: ${c.partnerName}.`,
    undefined,
    undefined,
    { width: textWidth },
  );
  if (c.supportPhone) writeText(doc, 'regular', `Questions? Call ${c.supportPhone}.`, undefined, undefined, { width: textWidth });
  doc.moveDown(0.3);
  doc.font(font.regular).fontSize(8).fillColor(colors.brand).text(c.link, { width: textWidth, link: c.link, underline: false });

  doc
    .font(font.regular)
    .fontSize(7.5)
    .fillColor(colors.muted)
    .text(
      `This proposal is valid until ${formatDay(c.validUntil)}. Figures are estimates, not an offer; your pricing is confirmed after a review of your statement.`,
      left,
      page.height - page.margin - 14,
      { width, align: 'center', lineBreak: false },
    );

  doc.end();
  return done;
}

/** The QR code of `text` as filled squares (error correction M, 4-module quiet zone), `size` points wide. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const quiet = 4;
  const unit = size / (count + quiet * 2);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) doc.rect(x + (col + quiet) * unit, y + (row + quiet) * unit, unit, unit);
    }
  }
  doc.fill('#000000');
}
