import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import type { ProposalContent } from '../src/modules/proposals/proposal-pdf';

/**
 * Reading the portal's PDFs the way a reader does, with Poppler (apt poppler-utils, which CI installs):
 * pdftotext for the text, pdffonts for the fonts.
 */

/** Bidi embedding marks that pdftotext puts around a right-to-left run. */
const bidiControls = /[\u202a-\u202e\u2066-\u2069]/g;

/** The text pdftotext extracts, in logical order, whitespace (line breaks too) collapsed to single spaces. */
export function pdfText(pdf: Buffer): string {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
  return text.replace(bidiControls, '').replace(/\s+/g, ' ');
}

/** pdffonts' table: each font's name, type, and whether it is embedded, a subset, and has a ToUnicode map. */
export function pdfFonts(pdf: Buffer): { name: string; type: string; embedded: boolean; subset: boolean; unicode: boolean }[] {
  const lines = execFileSync('pdffonts', ['-'], { input: pdf }).toString('utf8').trim().split('\n').slice(2);
  return lines.map((line) => {
    const cells = line.trim().split(/\s{2,}|\s(?=yes|no)/);
    const [name = '', type = ''] = cells;
    const flags = line.match(/\b(yes|no) +(yes|no) +(yes|no) +\d+ +\d+$/)!;
    return { name, type, embedded: flags[1] === 'yes', subset: flags[2] === 'yes', unicode: flags[3] === 'yes' };
  });
}

/** The glyph count of each embedded TrueType subset whose name ends with `postscriptName` (the subset's notdef included). */
export function subsetGlyphCounts(pdf: Buffer, postscriptName: string): number[] {
  const raw = pdf.toString('latin1');
  const counts: number[] = [];
  for (const descriptor of raw.matchAll(/\/FontName \/[A-Z]{6}\+([\w-]+)\n(?:\/[^\n]*\n)*?\/FontFile2 (\d+) 0 R/g)) {
    if (descriptor[1] !== postscriptName) continue;
    const object = new RegExp(`\\n${descriptor[2]} 0 obj\\n<<\\n/Length (\\d+)\\n(?:/[^\\n]*\\n)*>>\\nstream\\n`).exec(raw)!;
    const start = object.index + object[0].length;
    const bytes = inflateSync(Buffer.from(raw.slice(start, start + Number(object[1])), 'latin1'));
    counts.push((fontkit.create(bytes) as fontkit.Font).numGlyphs);
  }
  return counts;
}

/** A proposal to render: a merchant paying $900 a month in fees on $30,000 of sales; `overrides` names it. */
export function proposalContent(overrides: Partial<ProposalContent> = {}): ProposalContent {
  return {
    companyName: 'Acme Payments',
    supportPhone: null,
    partnerName: 'Pat Partner',
    merchantName: 'Corner Bakery',
    input: { monthlySales: 30000, basis: 'fees', monthlyFees: 900 },
    estimate: {
      usedTypicalRange: false,
      effectiveRatePct: { low: 3, high: 3 },
      currentMonthly: { low: 900, high: 900 },
      currentYearly: { low: 10800, high: 10800 },
      dualPricingMonthly: 0,
      dualPricingYearly: 0,
      savingMonthly: { low: 900, high: 900 },
      savingYearly: { low: 10800, high: 10800 },
      savingPct: { low: 100, high: 100 },
      customerFeePct: 3.99,
      monthlyProgramFee: 0,
      remainingRatePct: 0,
      cardCustomerExtra: null,
    },
    link: 'http://portal.test/referral/x?src=proposal',
    issuedOn: new Date('2026-11-22T00:00:00Z'),
    validUntil: new Date('2026-12-22T00:00:00Z'),
    ...overrides,
  };
}
