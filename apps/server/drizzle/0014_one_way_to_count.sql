-- One way to count (decision 012): statistics are counted from leads and referral_visits through
-- their indexes, except lead_daily_counts, which the outbox worker keeps. Nothing is kept in a
-- lead's transaction any more: the counter triggers and their functions go with their tables.
DROP TRIGGER IF EXISTS "leads_status_counts" ON "leads";--> statement-breakpoint
DROP TRIGGER IF EXISTS "leads_status_counts_truncate" ON "leads";--> statement-breakpoint
DROP TRIGGER IF EXISTS "leads_partner_stats_insert_delete" ON "leads";--> statement-breakpoint
DROP TRIGGER IF EXISTS "leads_partner_stats_update" ON "leads";--> statement-breakpoint
DROP TRIGGER IF EXISTS "referral_visits_partner_stats" ON "referral_visits";--> statement-breakpoint
DROP FUNCTION IF EXISTS "lead_status_counts_track"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "lead_status_counts_reset"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "leads_partner_stats"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "partner_stats_lead"(integer, timestamptz, text, timestamptz, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS "referral_visits_partner_stats"();--> statement-breakpoint
DROP TABLE "lead_daily_approvals" CASCADE;--> statement-breakpoint
DROP TABLE "lead_partner_counts" CASCADE;--> statement-breakpoint
DROP TABLE "lead_partner_days" CASCADE;--> statement-breakpoint
DROP TABLE "lead_status_counts" CASCADE;--> statement-breakpoint
DROP TABLE "partner_daily_stats" CASCADE;--> statement-breakpoint
DROP TABLE "partner_daily_visit_sources" CASCADE;--> statement-breakpoint
DROP TABLE "partner_status_counts" CASCADE;--> statement-breakpoint
-- The shards go: one row per day and status, recounted from the leads.
DELETE FROM "lead_daily_counts";--> statement-breakpoint
ALTER TABLE "lead_daily_counts" DROP CONSTRAINT "lead_daily_counts_day_status_shard_pk";--> statement-breakpoint
ALTER TABLE "lead_daily_counts" DROP COLUMN "shard";--> statement-breakpoint
ALTER TABLE "lead_daily_counts" ADD CONSTRAINT "lead_daily_counts_day_status_pk" PRIMARY KEY("day","status");--> statement-breakpoint
INSERT INTO "lead_daily_counts" ("day", "status", "count")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, "status", count(*) FROM "leads" GROUP BY 1, 2;--> statement-breakpoint
CREATE INDEX "referral_visits_day_idx" ON "referral_visits" USING btree ("day");
