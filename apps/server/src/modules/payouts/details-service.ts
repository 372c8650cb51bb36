import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  describeReturnCode,
  isPayoutReady,
  last4,
  maskAccount,
  maskTin,
  payoutMessages as m,
  readinessLabels,
  w8ExpiresOn,
  w8FormRevisions,
  w9FormRevision,
  type BankAccount,
  type PayoutDetails,
  type PutPayoutDetailsRequest,
  type Readiness,
  type TaxForm,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import {
  auditLog,
  payoutBatches,
  payoutProfiles,
  payoutReviews,
  payouts,
  payoutStatements,
  statements,
  type StoredTaxForm,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { enqueue } from '../../lib/outbox';
import { getCurrency } from '../commissions';
import { getSettingValue } from '../settings';
import { bankContext, fingerprintAddress, fingerprintId, tinContext, type PayoutBox } from './payout-box';
import { flagSharedIdentity } from '../integrity';
import { settingKeys } from './payout-settings';
import { partnerTaxDocuments } from './tax-service';

export type ProfileRow = typeof payoutProfiles.$inferSelect;

export const payoutMailActions = {
  bankChanged: 'mail.payout_bank_changed',
  reviewRejected: 'mail.payout_review_rejected',
  returned: 'mail.payout_returned',
  reminder: 'mail.payout_reminder',
  w8Expiring: 'mail.payout_w8_expiring',
} as const;

/** A bank account changed this many days or fewer before a payout holds that payout once. */
export const BANK_CHANGE_HOLD_DAYS = 10;
/** A sign-in email replaced this many days or fewer before a bank change is mailed about it too. */
const PREVIOUS_EMAIL_DAYS = 30;

/**
 * The partner's sign-in emails replaced within the last 30 days, newest change first. Only an admin
 * changes a user's email (admin-users' `user.update`), and the audit log keeps the one before; an
 * account taker who had the email changed first would otherwise get the bank-change mail alone.
 */
async function recentPreviousEmails(tx: DbExecutor, partnerId: number, now: Date): Promise<string[]> {
  const rows = await tx
    .select({ before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'user.update'),
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, String(partnerId)),
        gte(auditLog.at, new Date(now.getTime() - PREVIOUS_EMAIL_DAYS * 86_400_000)),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  const emails: string[] = [];
  for (const r of rows) {
    const before = (r.before as { email?: unknown } | null)?.email;
    const after = (r.after as { email?: unknown } | null)?.email;
    if (typeof before === 'string' && before !== after && !emails.includes(before)) emails.push(before);
  }
  return emails;
}

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Names compared as people write them: case, punctuation and spacing do not matter. */
export const normalizeName = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export function holderMatches(holder: string, form: Pick<StoredTaxForm, 'legal_name' | 'business_name'> | null): boolean {
  if (!form) return false;
  const h = normalizeName(holder);
  return h === normalizeName(form.legal_name) || (!!form.business_name && h === normalizeName(form.business_name));
}

export function toTaxForm(p: ProfileRow): TaxForm | null {
  if (!p.taxKind || !p.taxForm || !p.taxStatus) return null;
  const f = p.taxForm;
  return {
    kind: p.taxKind,
    status: p.taxStatus,
    legal_name: f.legal_name,
    business_name: f.business_name,
    entity_type: (f.entity_type as TaxForm['entity_type']) ?? null,
    address: f.address,
    tin_type: f.tin_type,
    tin_masked: p.tinLast4
      ? f.tin_type === 'ssn' || f.tin_type === 'ein'
        ? maskTin(f.tin_type, p.tinLast4)
        : maskAccount(p.tinLast4)
      : null,
    signature: f.signature,
    signed_at: f.signed_at,
    form_revision: f.form_revision,
    expires_on: f.expires_on,
    reject_reason: p.taxRejectReason,
  };
}

export function toBankAccount(p: ProfileRow): BankAccount | null {
  if (!p.bankMethod || !p.bankStatus || !p.bankChangedAt) return null;
  return {
    method: p.bankMethod,
    status: p.bankStatus,
    holder_name: p.bankHolder,
    routing_masked: p.routingLast4 ? maskAccount(p.routingLast4) : null,
    account_masked: p.accountLast4 ? maskAccount(p.accountLast4) : null,
    account_type: p.accountType,
    name_matches: p.bankNameMatches,
    changed_at: p.bankChangedAt.toISOString(),
    reject_reason: p.bankRejectReason,
  };
}

/** Ready: an approved tax form (a W-8 still valid) and an approved way to be paid. */
export function isReady(p: ProfileRow | undefined, today: string): boolean {
  return isPayoutReady(p && { ...p, taxExpiresOn: p.taxForm?.expires_on }, today);
}

function readinessOf(p: ProfileRow | undefined, today: string): Pick<Readiness, 'state' | 'message'> {
  if (!p || (!p.taxStatus && !p.bankStatus)) return { state: 'not_started', message: m.readinessNotStarted };
  if (p.taxStatus === 'rejected') return { state: 'needs_attention', message: m.reasonTaxRejected(p.taxRejectReason ?? '') };
  if (p.bankStatus === 'rejected') return { state: 'needs_attention', message: m.reasonBankRejected(p.bankRejectReason ?? '') };
  if (p.taxForm?.expires_on && p.taxForm.expires_on < today) return { state: 'needs_attention', message: m.reasonW8Expired };
  if (!p.taxStatus) return { state: 'needs_attention', message: m.reasonTaxFormMissing };
  if (!p.bankStatus) return { state: 'needs_attention', message: m.reasonBankMissing };
  if (p.taxStatus === 'submitted' || p.bankStatus === 'submitted') return { state: 'submitted', message: m.readinessSubmitted };
  return { state: 'ready', message: m.readinessReady };
}

/** Published statements of the partner that no live payout carries: what waits to be paid. */
export async function unpaidStatementsTotal(db: DbExecutor, partnerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${statements.totalCents}), 0)`.mapWith(Number) })
    .from(statements)
    .where(
      and(
        eq(statements.partnerId, partnerId),
        eq(statements.status, 'published'),
        sql`not exists (select 1 from ${payoutStatements} ps where ps.statement_id = ${statements.id} and ps.active)`,
      ),
    );
  return row?.total ?? 0;
}

export async function getReadiness(db: DbExecutor, partnerId: number, now = new Date()): Promise<Readiness> {
  const [profile] = await db.select().from(payoutProfiles).where(eq(payoutProfiles.partnerId, partnerId));
  return readinessFor(db, profile, partnerId, now);
}

async function readinessFor(db: DbExecutor, profile: ProfileRow | undefined, partnerId: number, now: Date): Promise<Readiness> {
  const today = isoDay(now);
  const { state, message } = readinessOf(profile, today);
  const [last] = await db
    .select({
      status: payouts.status,
      amount: payouts.amountCents,
      effectiveDate: payoutBatches.effectiveDate,
      returnCode: payouts.returnCode,
    })
    .from(payouts)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(and(eq(payouts.partnerId, partnerId), sql`${payouts.status} <> 'canceled'`))
    .orderBy(sql`${payouts.createdAt} desc`)
    .limit(1);
  const hold = profile?.payoutHoldSince ? m.holdBankChanged(isoDay(profile.payoutHoldSince)) : null;
  const waiting = state !== 'ready' || hold ? await unpaidStatementsTotal(db, partnerId) : 0;
  let shown = message;
  if (state === 'ready' && last?.status === 'returned' && last.returnCode) {
    const code = describeReturnCode(last.returnCode);
    shown = m.reasonReturned(last.returnCode, code.text);
  }
  return {
    state,
    label: readinessLabels[state],
    message: shown,
    held_cents: waiting,
    payout_hold: hold,
    last_payout: last
      ? { status: last.status, amount_cents: last.amount, effective_date: last.effectiveDate, return_code: last.returnCode }
      : null,
  };
}

export async function outsideAllowed(db: DbExecutor): Promise<boolean> {
  return (await getSettingValue(db, settingKeys.allowOutside)) === 'true';
}

/** GET /users/payout-details: masked numbers only. */
export async function getPayoutDetails(db: DbExecutor, partnerId: number, now = new Date()): Promise<PayoutDetails> {
  const [profile] = await db.select().from(payoutProfiles).where(eq(payoutProfiles.partnerId, partnerId));
  return {
    readiness: await readinessFor(db, profile, partnerId, now),
    tax_form: profile ? toTaxForm(profile) : null,
    bank: profile ? toBankAccount(profile) : null,
    outside_allowed: await outsideAllowed(db),
    currency: await getCurrency(db),
    tax_documents: await partnerTaxDocuments(db, partnerId, now),
  };
}

/**
 * The next payout's date: the earliest draft batch on or after today, else a month after the last
 * sent batch (programs pay on a regular day); null before the first batch.
 */
export async function nextPayoutDate(db: DbExecutor, today: string): Promise<string | null> {
  const [draft] = await db
    .select({ day: sql<string | null>`min(${payoutBatches.effectiveDate})` })
    .from(payoutBatches)
    .where(and(eq(payoutBatches.status, 'draft'), gte(payoutBatches.effectiveDate, today)));
  if (draft?.day) return draft.day;
  const [sent] = await db
    .select({ day: sql<string | null>`(max(${payoutBatches.effectiveDate}) + interval '1 month')::date::text` })
    .from(payoutBatches)
    .where(eq(payoutBatches.status, 'sent'));
  return sent?.day ?? null;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Opens a review of one kind for the partner, replacing one still open. */
async function openReview(tx: DbExecutor, partnerId: number, kind: 'tax_form' | 'bank_account', flags: string[]) {
  await tx
    .delete(payoutReviews)
    .where(and(eq(payoutReviews.partnerId, partnerId), eq(payoutReviews.kind, kind), eq(payoutReviews.status, 'submitted')));
  await tx.insert(payoutReviews).values({ partnerId, kind, flags });
}

async function closeOpenReview(tx: DbExecutor, partnerId: number, kind: 'tax_form' | 'bank_account') {
  await tx
    .delete(payoutReviews)
    .where(and(eq(payoutReviews.partnerId, partnerId), eq(payoutReviews.kind, kind), eq(payoutReviews.status, 'submitted')));
}

/**
 * PUT /users/payout-details. The tax form always goes to an admin's review; a bank account whose
 * holder matches the form's name or business name is approved at once, any other goes to review.
 * A bank account replaced shortly before a payout holds that payout once and mails the partner.
 */
export async function putPayoutDetails(
  db: Database,
  box: PayoutBox,
  partnerId: number,
  input: PutPayoutDetailsRequest,
  now = new Date(),
): Promise<PayoutDetails> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(payoutProfiles).where(eq(payoutProfiles.partnerId, partnerId)).for('update');
    const next: Partial<ProfileRow> = {};
    const audit: Record<string, unknown> = {};
    let form = existing?.taxForm ?? null;
    if (input.tax_form) {
      const t = input.tax_form;
      const signedAt = now.toISOString();
      if (t.kind === 'w9') {
        form = {
          legal_name: t.legal_name,
          business_name: t.business_name,
          entity_type: t.entity_type,
          address: { ...t.address, country: 'US' },
          tin_type: t.tin_type,
          signature: t.signature,
          signed_at: signedAt,
          form_revision: w9FormRevision,
          expires_on: null,
        };
        next.tinSealed = box.seal(t.tin, tinContext(partnerId));
        next.tinLast4 = last4(t.tin);
        next.tinFingerprint = box.fingerprint('tin', fingerprintId(t.tin));
      } else {
        form = {
          legal_name: t.legal_name,
          business_name: t.business_name,
          entity_type: null,
          address: t.address,
          tin_type: t.foreign_tin ? 'foreign' : null,
          signature: t.signature,
          signed_at: `${t.signed_on}T00:00:00.000Z`,
          form_revision: w8FormRevisions[t.kind],
          expires_on: w8ExpiresOn(t.signed_on),
        };
        // Sixty days before the form lapses, the partner is asked to sign a new one.
        const expires = Date.parse(`${w8ExpiresOn(t.signed_on)}T00:00:00Z`);
        await enqueue(tx, {
          action: payoutMailActions.w8Expiring,
          subjectType: 'user',
          subjectId: String(partnerId),
          payload: { userId: partnerId, expiresOn: w8ExpiresOn(t.signed_on) },
          dedupeKey: `${payoutMailActions.w8Expiring}:${partnerId}:${w8ExpiresOn(t.signed_on)}`,
          at: new Date(Math.max(now.getTime(), expires - 60 * 86_400_000)),
        });
        next.tinSealed = t.foreign_tin ? box.seal(t.foreign_tin, tinContext(partnerId)) : null;
        next.tinLast4 = t.foreign_tin ? last4(t.foreign_tin) : null;
        next.tinFingerprint = t.foreign_tin ? box.fingerprint('tin', fingerprintId(t.foreign_tin)) : null;
      }
      next.addressFingerprint = box.fingerprint('address', fingerprintAddress(form.address));
      Object.assign(next, { taxKind: t.kind, taxForm: form, taxStatus: 'submitted', taxRejectReason: null });
      await openReview(tx, partnerId, 'tax_form', []);
      audit.tax_form = { kind: t.kind, tin_last4: next.tinLast4 ?? null };
    }
    if (input.bank) {
      const b = input.bank;
      if (!form) throw badRequest(m.taxFormFirst, { 'bank.method': m.taxFormFirst });
      if (b.method === 'outside') {
        if (!(await outsideAllowed(tx))) throw badRequest(m.outsideNotAllowed, { 'bank.method': m.outsideNotAllowed });
        Object.assign(next, {
          bankMethod: 'outside',
          bankHolder: null,
          bankSealed: null,
          bankFingerprint: null,
          routingLast4: null,
          accountLast4: null,
          accountType: null,
          bankStatus: 'approved',
          bankRejectReason: null,
          bankNameMatches: true,
          bankChangedAt: now,
          bankFirstPaidAt: null,
        });
        await closeOpenReview(tx, partnerId, 'bank_account');
        audit.bank = { method: 'outside' };
      } else {
        const matches = holderMatches(b.holder_name, form);
        Object.assign(next, {
          bankMethod: 'ach',
          bankHolder: b.holder_name,
          bankSealed: box.seal(JSON.stringify({ routing: b.routing_number, account: b.account_number }), bankContext(partnerId)),
          bankFingerprint: box.fingerprint('bank', `${fingerprintId(b.routing_number)}:${fingerprintId(b.account_number)}`),
          routingLast4: last4(b.routing_number),
          accountLast4: last4(b.account_number),
          accountType: b.account_type,
          bankStatus: matches ? 'approved' : 'submitted',
          bankRejectReason: null,
          bankNameMatches: matches,
          bankChangedAt: now,
          bankFirstPaidAt: null,
        });
        if (matches) await closeOpenReview(tx, partnerId, 'bank_account');
        else await openReview(tx, partnerId, 'bank_account', [m.nameMismatch]);
        audit.bank = { method: 'ach', routing_last4: next.routingLast4, account_last4: next.accountLast4, name_matches: matches };
        // An account that replaces one already on file, shortly before a payout: hold it once.
        if (existing?.bankMethod === 'ach' && existing.bankSealed) {
          const today = isoDay(now);
          const payday = await nextPayoutDate(tx, today);
          if (payday && payday >= today && daysBetween(today, payday) <= BANK_CHANGE_HOLD_DAYS) {
            next.payoutHoldSince = now;
            await cancelDraftPayouts(tx, partnerId);
            audit.payout_hold = { next_payout: payday };
          }
          await enqueue(tx, {
            action: payoutMailActions.bankChanged,
            subjectType: 'user',
            subjectId: String(partnerId),
            // The addresses the partner signed in with before a recent email change are told too.
            payload: {
              userId: partnerId,
              last4: next.accountLast4,
              previousEmails: await recentPreviousEmails(tx, partnerId, now),
            },
          });
        }
      }
    } else if (input.tax_form && existing?.bankMethod === 'ach' && existing.bankHolder) {
      // The form's names changed: the account holder must still match one of them.
      const matches = holderMatches(existing.bankHolder, form);
      next.bankNameMatches = matches;
      if (!matches && existing.bankStatus === 'approved') {
        next.bankStatus = 'submitted';
        await openReview(tx, partnerId, 'bank_account', [m.nameMismatch]);
      }
    }
    if (existing) await tx.update(payoutProfiles).set(next).where(eq(payoutProfiles.partnerId, partnerId));
    else await tx.insert(payoutProfiles).values({ partnerId, ...next });
    // Referral integrity: another partner with this TIN, bank account or address flags both.
    if (next.tinFingerprint || next.bankFingerprint || next.addressFingerprint) await flagSharedIdentity(tx, partnerId, now);
    await recordAudit(tx, {
      actorId: partnerId,
      action: 'payout_details.update',
      targetType: 'user',
      targetId: partnerId,
      after: audit,
    });
  });
  return getPayoutDetails(db, partnerId, now);
}

/** A held partner leaves the draft batches: their pending payouts are canceled and free their statements. */
export async function cancelDraftPayouts(tx: DbExecutor, partnerId: number): Promise<void> {
  const canceled = await tx
    .update(payouts)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(payouts.partnerId, partnerId),
        eq(payouts.status, 'pending'),
        sql`${payouts.batchId} in (select id from ${payoutBatches} where status = 'draft')`,
      ),
    )
    .returning({ id: payouts.id });
  if (canceled.length) {
    await tx
      .update(payoutStatements)
      .set({ active: false })
      .where(
        inArray(
          payoutStatements.payoutId,
          canceled.map((c) => c.id),
        ),
      );
  }
}
