import { describe, expect, it } from 'vitest';
import { defaultCommissionPlan, type StatementDetail } from '@portal/contract';
import { pdfFonts, pdfText, proposalContent, subsetGlyphCounts } from '../../test/pdf';
import { statementPdf } from '../modules/commissions/statement-documents';
import { renderProposalPdf } from '../modules/proposals/proposal-pdf';
import { fontRuns } from './pdf-fonts';

// Names as partners and merchants type them: Spanish, Vietnamese, Chinese (Japanese kanji too) and Arabic.
const names = {
  spanish: 'Panadería Núñez',
  vietnamese: 'Nguyễn Thị Minh Khai',
  chinese: '王小明',
  tokyo: '東京',
  arabic: 'محمد',
  arabicFull: 'محمد علي',
};

/**
 * "محمد" has three different letters (meem twice), but shaped it takes four different glyphs: initial
 * meem, medial hah, medial meem, final dal. Its font's subset therefore holds 4 glyphs and .notdef;
 * unshaped (isolated forms) it would hold 3 and .notdef.
 */
const shapedArabicSubset = 5;

const stripSubsetTag = (name: string) => name.replace(/^[A-Z]{6}\+/, '');

function expectEmbeddedSubsets(pdf: Buffer, expected: string[]) {
  const fonts = pdfFonts(pdf);
  expect(fonts.map((f) => stripSubsetTag(f.name)).sort()).toEqual(expected.sort());
  // Embedded TrueType subsets with a ToUnicode map: no Helvetica (a standard font, not embedded) left.
  for (const font of fonts) expect(font).toMatchObject({ type: 'CID TrueType', embedded: true, subset: true, unicode: true });
}

describe('fontRuns', () => {
  it('cuts text into runs of one font, keeping spaces inside a script', () => {
    expect(fontRuns('Núñez محمد علي · 王小明 東京')).toEqual([
      { family: 'Sans', text: 'Núñez ' },
      { family: 'Arabic', text: 'محمد علي' },
      { family: 'Sans', text: ' · ' },
      { family: 'CJK', text: '王小明 東京' },
    ]);
    expect(fontRuns('Nguyễn Thị Minh Khai')).toEqual([{ family: 'Sans', text: 'Nguyễn Thị Minh Khai' }]);
  });
});

describe('the statement PDF', () => {
  const detail: StatementDetail = {
    statement: {
      id: '5f0c6a52-8a07-4d0e-9a57-3c1f0f1b2a11',
      partner_id: 7,
      partner_name: names.vietnamese,
      partner_email: 'khai@example.com',
      month: '2026-10',
      status: 'published',
      merchants: 2,
      volume_cents: 2_000_000,
      residual_cents: 4_000,
      bonus_cents: 0,
      adjustment_cents: 1_000,
      override_cents: 0,
      total_cents: 5_000,
      currency: 'USD',
      published_at: '2026-11-05T00:00:00Z',
      paid_on: null,
      paid_method: null,
      paid_reference: null,
      held: null,
    },
    plan: defaultCommissionPlan,
    merchants: [
      { business: names.spanish, mid_last4: '1111', residual_cents: 2_500 },
      { business: `${names.chinese} ${names.tokyo}`, mid_last4: '2222', residual_cents: 1_500 },
    ].map((m, i) => ({
      line_id: `line-${i}`,
      merchant_account_id: `account-${i}`,
      month: '2026-10',
      volume_cents: 1_000_000,
      transactions: 120,
      net_revenue_cents: 12_500,
      share_bps: 2_000,
      status: 'approved' as const,
      ...m,
    })),
    bonuses: [],
    adjustments: [{ line_id: 'adj-1', month: '2026-10', description: names.arabicFull, amount_cents: 1_000, status: 'approved' }],
    overrides: [],
    totals: {
      volume_cents: 2_000_000,
      residual_cents: 4_000,
      bonus_cents: 0,
      adjustment_cents: 1_000,
      override_cents: 0,
      total_cents: 5_000,
    },
    note: 'Residuals for October 2026 are paid in November 2026',
  };

  it('prints every name as typed, from embedded subsets of Noto Sans, Noto Sans SC and Noto Sans Arabic', async () => {
    const pdf = await statementPdf(detail, 'Acme Payments');
    const text = pdfText(pdf);
    expect(text).toContain(`Partner: ${names.vietnamese} (khai@example.com)`);
    expect(text).toContain(names.spanish);
    expect(text).toContain(`${names.chinese} ${names.tokyo}`);
    // Right to left: drawn in visual order (the second word on the left), which pdftotext reads back in
    // the typed order; laid out word by word, the words came out swapped ("عليمحمد").
    expect(text).toContain(names.arabicFull);
    expectEmbeddedSubsets(pdf, ['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansSC-Regular', 'NotoSansArabic-Regular']);
  });

  it('stays the same bytes for the same statement', async () => {
    expect((await statementPdf(detail, 'Acme Payments')).equals(await statementPdf(detail, 'Acme Payments'))).toBe(true);
  });
});

describe('the proposal PDF', () => {
  it('prints an Arabic merchant shaped and a Chinese brand as typed', async () => {
    const pdf = await renderProposalPdf(
      proposalContent({ companyName: `${names.tokyo} Payments`, partnerName: names.vietnamese, merchantName: names.arabic }),
    );
    const text = pdfText(pdf);
    expect(text).toContain(`Keep more of every sale, ${names.arabic}`);
    expect(text).toContain(`Prepared by ${names.vietnamese}, ${names.tokyo} Payments partner`);
    expectEmbeddedSubsets(pdf, [
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansSC-Bold',
      'NotoSansSC-Regular',
      'NotoSansArabic-Bold',
    ]);
    expect(subsetGlyphCounts(pdf, 'NotoSansArabic-Bold')).toEqual([shapedArabicSubset]);
  });
});
