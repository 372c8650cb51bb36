CREATE TABLE "referral_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"name" text NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_short_names" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "referral_visits" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "referral_campaigns" ADD CONSTRAINT "referral_campaigns_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_short_names" ADD CONSTRAINT "referral_short_names_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_campaigns_partner_tag_idx" ON "referral_campaigns" USING btree ("partner_id","tag");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_short_names_name_lower_idx" ON "referral_short_names" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "leads_partner_campaign_idx" ON "leads" USING btree ("partner_id","campaign","status") WHERE "leads"."campaign" is not null;