CREATE TABLE "referral_claims" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"phone_key" text NOT NULL,
	"email_key" text NOT NULL,
	"domain_key" text,
	"name_key" text NOT NULL,
	"country_code" text NOT NULL,
	"state" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_lead_id" integer NOT NULL,
	"second_lead_id" integer NOT NULL,
	"matched_on" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"first_share_bps" integer,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_conflicts_second_lead_id_unique" UNIQUE("second_lead_id")
);
--> statement-breakpoint
CREATE TABLE "risk_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"lead_id" integer,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"signal" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"note" text,
	"suppressed" boolean DEFAULT false NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "under_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "risk_hold" text;--> statement-breakpoint
ALTER TABLE "referral_claims" ADD CONSTRAINT "referral_claims_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_claims" ADD CONSTRAINT "referral_claims_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_conflicts" ADD CONSTRAINT "referral_conflicts_first_lead_id_leads_id_fk" FOREIGN KEY ("first_lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_conflicts" ADD CONSTRAINT "referral_conflicts_second_lead_id_leads_id_fk" FOREIGN KEY ("second_lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_conflicts" ADD CONSTRAINT "referral_conflicts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_events" ADD CONSTRAINT "risk_events_item_id_risk_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."risk_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_events" ADD CONSTRAINT "risk_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_items" ADD CONSTRAINT "risk_items_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_items" ADD CONSTRAINT "risk_items_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_claims_phone_idx" ON "referral_claims" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "referral_claims_email_idx" ON "referral_claims" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "referral_claims_domain_idx" ON "referral_claims" USING btree ("domain_key") WHERE "referral_claims"."domain_key" is not null;--> statement-breakpoint
CREATE INDEX "referral_claims_name_trgm_idx" ON "referral_claims" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referral_claims_window_idx" ON "referral_claims" USING btree ("window_ends_at") WHERE "referral_claims"."state" = 'active';--> statement-breakpoint
CREATE INDEX "referral_claims_partner_idx" ON "referral_claims" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "referral_conflicts_status_idx" ON "referral_conflicts" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "risk_events_item_idx" ON "risk_events" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "risk_events_lead_idx" ON "risk_events" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_items_open_idx" ON "risk_items" USING btree ("partner_id","signal") WHERE "risk_items"."status" = 'open';--> statement-breakpoint
CREATE INDEX "risk_items_status_idx" ON "risk_items" USING btree ("status","last_seen_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchant_accounts_name_trgm_idx" ON "merchant_accounts" USING gin (btrim(regexp_replace(regexp_replace(regexp_replace(lower("business"), '[^a-z0-9 ]+', '', 'g'), '\m(llc|inc|ltd|co|corp|corporation|company|limited|incorporated|the)\M', ' ', 'g'), '\s+', ' ', 'g')) gin_trgm_ops);