import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db';
import { partnerDeviceHashes, payoutProfiles, users } from '../../db/schema';
import { getIntegritySettings } from './integrity-settings';
import { recordSignal } from './signals';

const kindLabels = { tin: 'TIN', bank: 'bank account', address: 'address' } as const;

/**
 * One identity, two partners: after a partner saves payout details, every other partner whose TIN,
 * bank account or tax-form address has the same keyed fingerprint (payouts' payout-box.ts) is found
 * by index, and both are flagged, each with the other named in the evidence (last four digits only).
 * Partners have no phone on file, so a shared phone is not compared. Partner-level: no referral is
 * put under review by it, whatever its action.
 */
export async function flagSharedIdentity(tx: DbExecutor, partnerId: number, at: Date): Promise<number> {
  const settings = await getIntegritySettings(tx);
  if (!settings.signals.shared_identity.enabled) return 0;
  const { rows } = await tx.execute<{
    other_id: number;
    other_name: string;
    own_name: string;
    kind: keyof typeof kindLabels;
  }>(sql`
    select o.partner_id as other_id, ou.full_name as other_name, mu.full_name as own_name, k.kind
    from ${payoutProfiles} me
    join ${users} mu on mu.id = me.partner_id
    cross join lateral (values ('tin', me.tin_fingerprint), ('bank', me.bank_fingerprint), ('address', me.address_fingerprint)) as k(kind, fp)
    join ${payoutProfiles} o on o.partner_id <> me.partner_id and k.fp is not null and (
      (k.kind = 'tin' and o.tin_fingerprint = k.fp) or (k.kind = 'bank' and o.bank_fingerprint = k.fp)
      or (k.kind = 'address' and o.address_fingerprint = k.fp))
    join ${users} ou on ou.id = o.partner_id
    where me.partner_id = ${partnerId}
    order by o.partner_id, k.kind
    limit 20`);
  for (const r of rows) {
    const other = Number(r.other_id);
    const what = kindLabels[r.kind];
    await recordSignal(tx, {
      partnerId,
      leadId: null,
      at,
      signal: 'shared_identity',
      settings,
      detail: `Same ${what} as partner ${r.other_name} (#${other})`,
    });
    await recordSignal(tx, {
      partnerId: other,
      leadId: null,
      at,
      signal: 'shared_identity',
      settings,
      detail: `Same ${what} as partner ${r.own_name} (#${partnerId})`,
    });
  }
  return rows.length;
}

/** Records that a partner's signed-in session came from this IP hash (upserted: one row per partner and hash). */
export async function recordPartnerDevice(tx: DbExecutor, partnerId: number, ipHash: string, at: Date): Promise<void> {
  await tx
    .insert(partnerDeviceHashes)
    .values({ partnerId, ipHash, lastSeenAt: at })
    .onConflictDoUpdate({
      target: [partnerDeviceHashes.partnerId, partnerDeviceHashes.ipHash],
      set: { lastSeenAt: sql`greatest(${partnerDeviceHashes.lastSeenAt}, excluded.last_seen_at)` },
    });
}
