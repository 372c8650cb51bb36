import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db';
import { leads, referralClaims, referralConflicts } from '../../db/schema';
import { isPartnerAccount } from '../../lib/access';
import { enqueue } from '../../lib/outbox';
import { saltedHash } from '../../lib/tokens';
import { blockLinesOfLeads, holdLinesOfLeads, splitBonusOfLead } from '../commissions';
import { getHashSalt } from '../leads';
import { extendWindow, onLeadCreated } from './claims';
import { recordPartnerDevice } from './identity';
import { isBlocked } from './conflicts-service';
import { INTEGRITY_MAIL, integrityMailHandler } from './integrity-mails';
import { INTEGRITY_SWEEP, currentSweepSlot, integritySweepHandler, sweepEntry } from './lapse';

export { integrityAdminRoutes, integrityPartnerRoutes } from './integrity-routes';
export { flagSharedIdentity } from './identity';

/** A session's device is noted again after this long (per process; the 24-hour signal needs no finer grain). */
const deviceIntervalMs = 10 * 60_000;
/** Noted devices are written this often, in one pass, off every request's path. */
const deviceFlushMs = 15_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the partner devices noted since the last pass (the worker calls it before the same-device check). */
    flushPartnerDevices?: (tx?: DbExecutor) => Promise<void>;
  }
}

/**
 * Notes the IP hash (salted as a landing submission's) of each partner's signed-in sessions, at most
 * every ten minutes per session and address, for the "same device" signal. Hashes only. A signed-in
 * request asks the database nothing for it: sightings are written every 15 s, before each check of
 * the signal and at shutdown; a failure is logged, never the request's.
 */
export const partnerDevicesPlugin = fp(async (app) => {
  const seen = new Map<string, number>();
  let noted: { partnerId: number; ip: string; at: Date }[] = [];
  /** Writes the sightings noted so far; in a caller's transaction they stay noted too (it may roll back). */
  async function flush(tx?: DbExecutor): Promise<void> {
    if (!noted.length) return;
    const batch = noted;
    if (!tx) noted = [];
    try {
      const salt = await getHashSalt(tx ?? app.db, app.config.HASH_SALT);
      for (const { partnerId, ip, at } of batch) await recordPartnerDevice(tx ?? app.db, partnerId, saltedHash(salt, ip), at);
    } catch (err) {
      if (tx) throw err;
      app.log.warn({ err }, 'partner devices not recorded');
    }
  }
  const timer = setInterval(() => void flush(), deviceFlushMs);
  timer.unref();
  app.decorate('flushPartnerDevices', flush);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
  app.addHook('onRequest', async (request) => {
    const user = request.user;
    if (!user || !request.sessionId || !isPartnerAccount(user)) return;
    const now = Date.now();
    const key = `${request.sessionId}:${request.ip}`;
    if (now - (seen.get(key) ?? 0) < deviceIntervalMs) return;
    if (seen.size > 50_000) seen.clear();
    seen.set(key, now);
    noted.push({ partnerId: user.id, ip: request.ip, at: new Date(now) });
  });
});

/**
 * Referral integrity's reactions. A new referral is matched and checked in the worker, from the
 * lead's `lead.created` fan-out (never in the lead's own statement, which stays one insert). A
 * status move extends the owner's window; an approval of a held referral holds its merchant's lines
 * (registered after the commissions plugin, whose listener opens the account and its bonus first).
 * The hourly sweep (warnings, releases, the weekly reminder) is an outbox entry that schedules the next.
 */
export const integrityPlugin: FastifyPluginAsync = async (app) => {
  // The worker hands over a batch of new leads; they are matched one by one, in submission order.
  app.leadEvents.onCreated(async (tx, batch) => {
    // The same-device signal reads the partners' devices: the ones this process noted are written first.
    await app.flushPartnerDevices?.(tx);
    for (const created of [...batch].sort((a, b) => a.lead.id - b.lead.id)) await onLeadCreated(tx, app.leadEvents, created);
  });
  app.leadEvents.on(async (tx, event) => {
    if (event.kind !== 'status' || !event.toStatus) return;
    await extendWindow(tx, event.leadId, event.createdAt);
    if (event.toStatus !== 'approved') return;
    const [lead] = await tx.select({ underReview: leads.underReview }).from(leads).where(eq(leads.id, event.leadId));
    const [claim] = await tx
      .select({ state: referralClaims.state })
      .from(referralClaims)
      .where(eq(referralClaims.leadId, event.leadId));
    const heldByClaim = claim && ['conflict', 'lost', 'rejected', 'not_eligible'].includes(claim.state);
    // A blocking rule: the merchant is opened as usual, but nothing is owed for it (lines written void).
    if (lead?.underReview && (await isBlocked(tx, event.leadId))) await blockLinesOfLeads(tx, [event.leadId]);
    else if (lead?.underReview || heldByClaim) await holdLinesOfLeads(tx, [event.leadId], heldByClaim ? 'conflict' : 'risk');
    // A split decided before the approval: the bonus the account just got is shared now.
    const [decided] = await tx
      .select()
      .from(referralConflicts)
      .where(
        and(
          eq(referralConflicts.decision, 'split'),
          or(eq(referralConflicts.firstLeadId, event.leadId), eq(referralConflicts.secondLeadId, event.leadId)),
        ),
      )
      .limit(1);
    if (decided?.decision === 'split' && decided.firstShareBps) {
      const otherLeadId = decided.firstLeadId === event.leadId ? decided.secondLeadId : decided.firstLeadId;
      const [other] = await tx.select({ partnerId: leads.partnerId }).from(leads).where(eq(leads.id, otherLeadId));
      const ownerBps = decided.firstLeadId === event.leadId ? decided.firstShareBps : 10_000 - decided.firstShareBps;
      if (other?.partnerId)
        await splitBonusOfLead(tx, {
          leadId: event.leadId,
          otherPartnerId: other.partnerId,
          ownerShareBps: ownerBps,
          actorId: decided.decidedBy,
        });
    }
  });
  app.outbox.register(INTEGRITY_MAIL, integrityMailHandler({ mailer: app.mailer, publicUrl: app.config.publicUrl }));
  app.outbox.register(INTEGRITY_SWEEP, integritySweepHandler());
  if (app.config.WORKER !== 'off') {
    // The first sweep of this hour; later ones are scheduled by each run (dedupe keys keep one per hour).
    app.addHook('onReady', async () => {
      await enqueue(app.db, sweepEntry(currentSweepSlot()));
    });
  }
};
