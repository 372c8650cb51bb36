import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_COMPANY_NAME,
  estimateSavings,
  proposalEstimateInput,
  proposalMessages,
  proposalValidDays,
  type DualPricingTerms,
  type proposalRequest,
} from '@portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db';
import { leads } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { UserRow } from '../../lib/sessions';
import { getBrandSettings } from '../settings';
import { renderProposalPdf } from './proposal-pdf';

const dayMs = 24 * 60 * 60_000;

/** The program's terms as the admin set them (Dual Pricing Fee, Monthly Fee, Remaining Rate). */
async function getDualPricingTerms(db: DbExecutor): Promise<DualPricingTerms> {
  return (await getBrandSettings(db)).dualPricing;
}

/**
 * The file name's part for a merchant, transliterated to ASCII: "Corner Bakery & Co." → "corner-bakery-co",
 * "Núñez" → "nunez", "王小明" → "wang-xiao-ming".
 */
export async function slugOf(name: string): Promise<string> {
  // Its tables (about 15 MB resident) are loaded with the first proposal, like pdfkit, not at start-up.
  const { slugify } = await import('transliteration');
  return slugify(name, { allowedChars: 'a-zA-Z0-9' }).slice(0, 60).replace(/-+$/, '') || 'merchant';
}

/**
 * The partner's proposal for a merchant: the estimate from the contract's math and the admin's
 * dual pricing terms, the reseller's brand, and a QR code to the partner's link tagged
 * `src=proposal`. Issued today (UTC), so the same inputs on the same day give the same bytes.
 */
export async function createProposal(
  db: DbExecutor,
  config: Config,
  partner: UserRow,
  body: z.output<typeof proposalRequest>,
  now = new Date(),
): Promise<{ pdf: Buffer; fileName: string }> {
  let merchantName = body.merchant_name ?? '';
  if (body.lead_id) {
    const [lead] = await db
      .select({ company: leads.company })
      .from(leads)
      .where(and(eq(leads.publicId, body.lead_id), eq(leads.partnerId, partner.id)));
    // Another partner's referral answers like an unknown one.
    if (!lead) throw notFound(proposalMessages.leadNotFound);
    merchantName ||= lead.company;
  }
  const input = proposalEstimateInput(body);
  const [terms, brand] = await Promise.all([getDualPricingTerms(db), getBrandSettings(db)]);
  const result = estimateSavings(input, terms);
  if (!result.ok) throw badRequest(Object.values(result.errors)[0] ?? proposalMessages.failed);

  const issuedOn = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
  const pdf = await renderProposalPdf({
    companyName: brand.companyName ?? DEFAULT_COMPANY_NAME,
    supportPhone: brand.supportPhone,
    partnerName: partner.fullName,
    merchantName,
    input,
    estimate: result.estimate,
    link: `${config.publicUrl}/referral/${partner.uuid}?src=proposal`,
    issuedOn,
    validUntil: new Date(issuedOn.getTime() + proposalValidDays * dayMs),
  });
  return { pdf, fileName: `proposal-${await slugOf(merchantName)}-${issuedOn.toISOString().slice(0, 10)}.pdf` };
}
