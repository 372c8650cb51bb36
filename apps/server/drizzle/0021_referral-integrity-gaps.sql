CREATE TABLE "partner_device_hashes" (
	"partner_id" integer NOT NULL,
	"ip_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_device_hashes_partner_id_ip_hash_pk" PRIMARY KEY("partner_id","ip_hash")
);
--> statement-breakpoint
CREATE TABLE "review_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD COLUMN "risk_hold" text;--> statement-breakpoint
ALTER TABLE "payout_profiles" ADD COLUMN "tin_fingerprint" text;--> statement-breakpoint
ALTER TABLE "payout_profiles" ADD COLUMN "bank_fingerprint" text;--> statement-breakpoint
ALTER TABLE "payout_profiles" ADD COLUMN "address_fingerprint" text;--> statement-breakpoint
ALTER TABLE "partner_device_hashes" ADD CONSTRAINT "partner_device_hashes_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_notes_lead_idx" ON "review_notes" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "payout_profiles_tin_fp_idx" ON "payout_profiles" USING btree ("tin_fingerprint") WHERE "payout_profiles"."tin_fingerprint" is not null;--> statement-breakpoint
CREATE INDEX "payout_profiles_bank_fp_idx" ON "payout_profiles" USING btree ("bank_fingerprint") WHERE "payout_profiles"."bank_fingerprint" is not null;--> statement-breakpoint
CREATE INDEX "payout_profiles_address_fp_idx" ON "payout_profiles" USING btree ("address_fingerprint") WHERE "payout_profiles"."address_fingerprint" is not null;
--> statement-breakpoint
-- hand-written below
-- Merchants whose lines are already held keep holding the lines written for them from now on.
UPDATE "merchant_accounts" m SET "risk_hold" = h."risk_hold"
FROM (SELECT DISTINCT ON ("merchant_account_id") "merchant_account_id", "risk_hold" FROM "commission_lines"
      WHERE "risk_hold" IS NOT NULL AND "status" <> 'void' ORDER BY "merchant_account_id", "risk_hold") h
WHERE h."merchant_account_id" = m."id";
