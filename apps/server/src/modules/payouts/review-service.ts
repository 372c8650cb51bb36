import { and, asc, eq, sql } from 'drizzle-orm';
import {
  payoutMessages as m,
  reviewKindLabels,
  type ReviewDecisionRequest,
  type ReviewItem,
  type ReviewStatus,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { payoutProfiles, payoutReviews, userTotp, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { keysetTimestamp } from '../../lib/cursor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { enqueue } from '../../lib/outbox';
import type { SecretBox } from '../../lib/secret-box';
import { verifySecondFactor, type SecondFactor } from '../users';
import { cancelDraftPayouts, payoutMailActions, toBankAccount, toTaxForm, type ProfileRow } from './details-service';
import { openBank, tinContext } from './payout-box';

type ReviewRow = typeof payoutReviews.$inferSelect;

function summaryOf(kind: ReviewRow['kind'], p: ProfileRow | null): string {
  if (!p) return '';
  if (kind === 'tax_form') {
    const form = toTaxForm(p);
    if (!form) return '';
    const label = form.kind === 'w9' ? 'W-9' : form.kind === 'w8ben' ? 'W-8BEN' : 'W-8BEN-E';
    return [
      label,
      form.legal_name,
      form.business_name,
      form.tin_masked ? `${(form.tin_type ?? '').toUpperCase()} ${form.tin_masked}` : null,
    ]
      .filter(Boolean)
      .join(' · ');
  }
  const bank = toBankAccount(p);
  if (!bank) return '';
  if (bank.method === 'outside') return 'Paid outside the portal';
  return [
    `${bank.account_type === 'savings' ? 'Savings' : 'Checking'} ${bank.account_masked}`,
    `routing ${bank.routing_masked}`,
    bank.holder_name,
  ]
    .filter(Boolean)
    .join(' · ');
}

function toItem(r: { review: ReviewRow; profile: ProfileRow | null; name: string; email: string }): ReviewItem {
  return {
    id: r.review.id,
    kind: r.review.kind,
    status: r.review.status,
    partner_id: r.review.partnerId,
    partner_name: r.name,
    partner_email: r.email,
    submitted_at: r.review.createdAt.toISOString(),
    summary: summaryOf(r.review.kind, r.profile),
    flags: r.review.flags,
    tax_form: r.review.kind === 'tax_form' && r.profile ? toTaxForm(r.profile) : null,
    bank: r.review.kind === 'bank_account' && r.profile ? toBankAccount(r.profile) : null,
    decided_at: r.review.decidedAt?.toISOString() ?? null,
    reason: r.review.reason,
  };
}

const columns = {
  review: payoutReviews,
  profile: payoutProfiles,
  name: users.fullName,
  email: users.email,
  at: keysetTimestamp(payoutReviews.createdAt),
};

/** GET /admin/payouts/review: oldest first (a queue), keyset paged. */
export async function listReviews(
  db: DbExecutor,
  query: { status: ReviewStatus; cursor?: string; limit: number },
): Promise<{ items: ReviewItem[]; next_cursor: string | null }> {
  const after = query.cursor ? decodeReviewCursor(query.cursor) : null;
  const rows = await db
    .select(columns)
    .from(payoutReviews)
    .innerJoin(users, eq(users.id, payoutReviews.partnerId))
    .leftJoin(payoutProfiles, eq(payoutProfiles.partnerId, payoutReviews.partnerId))
    .where(
      and(
        eq(payoutReviews.status, query.status),
        after
          ? sql`(${payoutReviews.createdAt}, ${payoutReviews.id}::text) > (${after.at}::timestamptz, ${String(after.id)})`
          : undefined,
      ),
    )
    .orderBy(asc(payoutReviews.createdAt), asc(sql`${payoutReviews.id}::text`))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toItem),
    next_cursor: rows.length > query.limit && last ? encodeReviewCursor(last.at, last.review.id) : null,
  };
}

// Review ids are uuids and the shared cursor (lib/cursor) carries a numeric id: ours carries the uuid.
function encodeReviewCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`, 'utf8').toString('base64url');
}

function decodeReviewCursor(cursor: string): { at: string; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (rest.length || !at || !id || !uuid.test(id) || Number.isNaN(Date.parse(at))) {
    throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  return { at, id };
}

async function loadReview(db: DbExecutor, id: string) {
  const [row] = await db
    .select(columns)
    .from(payoutReviews)
    .innerJoin(users, eq(users.id, payoutReviews.partnerId))
    .leftJoin(payoutProfiles, eq(payoutProfiles.partnerId, payoutReviews.partnerId))
    .where(eq(payoutReviews.id, id));
  if (!row) throw notFound(m.reviewNotFound);
  return row;
}

/** POST /admin/payouts/review/{id}: approve, or reject with a reason the partner sees (and is mailed). */
export async function decideReview(db: Database, id: string, input: ReviewDecisionRequest, actorId: number): Promise<ReviewItem> {
  await db.transaction(async (tx) => {
    const [review] = await tx.select().from(payoutReviews).where(eq(payoutReviews.id, id)).for('update');
    if (!review) throw notFound(m.reviewNotFound);
    if (review.status !== 'submitted') throw conflict(m.reviewDecided);
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    const reason = status === 'rejected' ? (input.reason ?? null) : null;
    await tx
      .update(payoutReviews)
      .set({ status, reason, decidedAt: new Date(), decidedBy: actorId })
      .where(eq(payoutReviews.id, id));
    await tx
      .update(payoutProfiles)
      .set(
        review.kind === 'tax_form'
          ? { taxStatus: status, taxRejectReason: reason }
          : { bankStatus: status, bankRejectReason: reason },
      )
      .where(eq(payoutProfiles.partnerId, review.partnerId));
    if (status === 'rejected') {
      await cancelDraftPayouts(tx, review.partnerId);
      await enqueue(tx, {
        action: payoutMailActions.reviewRejected,
        subjectType: 'payout_review',
        subjectId: id,
        payload: { userId: review.partnerId, what: reviewKindLabels[review.kind].toLowerCase(), reason },
        dedupeKey: `${payoutMailActions.reviewRejected}:${id}`,
      });
    }
    await recordAudit(tx, {
      actorId,
      action: `payout_review.${input.decision}`,
      targetType: 'user',
      targetId: review.partnerId,
      before: { status: review.status },
      after: { kind: review.kind, status, reason },
    });
  });
  return toItem(await loadReview(db, id));
}

/**
 * The full TIN and bank numbers of a review's partner, for an admin who gives their two-factor code
 * again (an admin without two-factor cannot see them). Audited, naming what was shown, never the numbers.
 */
export async function revealReview(
  db: Database,
  box: SecretBox,
  totpBox: SecretBox,
  id: string,
  factor: SecondFactor,
  actorId: number,
): Promise<{ tin: string | null; routing_number: string | null; account_number: string | null }> {
  return db.transaction(async (tx) => {
    const [enabled] = await tx
      .select({ at: userTotp.enabledAt })
      .from(userTotp)
      .where(and(eq(userTotp.userId, actorId), sql`${userTotp.enabledAt} is not null`));
    if (!enabled) throw forbidden(m.twoFactorRequired);
    const row = await loadReview(tx, id);
    await verifySecondFactor(tx, totpBox, actorId, factor, Date.now(), 401);
    const p = row.profile;
    const tin = row.review.kind === 'tax_form' && p?.tinSealed ? box.open(p.tinSealed, tinContext(p.partnerId)) : null;
    const bank = row.review.kind === 'bank_account' && p?.bankSealed ? openBank(box, p.bankSealed, p.partnerId) : null;
    if (!tin && !bank) throw notFound(m.nothingToReveal);
    await recordAudit(tx, {
      actorId,
      action: 'payout_details.reveal',
      targetType: 'user',
      targetId: row.review.partnerId,
      after: { review_id: id, shown: tin ? ['tin'] : ['routing_number', 'account_number'] },
    });
    return { tin, routing_number: bank?.routing ?? null, account_number: bank?.account ?? null };
  });
}
