ALTER TABLE "users" ADD COLUMN "notify_partner_reply" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_lead_note" boolean DEFAULT true NOT NULL;