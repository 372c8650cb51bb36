ALTER TABLE "leads" ADD COLUMN "disabled_partner_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_disabled_partner_id_users_id_fk" FOREIGN KEY ("disabled_partner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_created_status_partner_idx" ON "leads" USING btree ("created_at","status","partner_id");--> statement-breakpoint
CREATE INDEX "leads_status_changed_idx" ON "leads" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE INDEX "leads_disabled_partner_newest_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "leads"."disabled_partner_id" is not null;--> statement-breakpoint
-- Leads stored before the flag existed: an unattributed lead whose link belongs to a partner who is
-- disabled now most likely arrived while they were (an admin's "no partner" is recorded as a
-- 'partner' event, so those stay unflagged).
UPDATE "leads" SET "disabled_partner_id" = "users"."id"
FROM "users"
WHERE "leads"."partner_id" IS NULL
  AND "leads"."referral_uuid" = "users"."uuid"::text
  AND "users"."role" = 'user'
  AND "users"."status" = 'disabled'
  AND NOT EXISTS (SELECT 1 FROM "lead_events" WHERE "lead_events"."lead_id" = "leads"."id" AND "lead_events"."kind" = 'partner');
