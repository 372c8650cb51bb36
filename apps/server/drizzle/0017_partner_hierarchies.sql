CREATE TABLE "merchant_split_levels" (
	"merchant_account_id" uuid NOT NULL,
	"from_month" text NOT NULL,
	"level" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"basis" text NOT NULL,
	"funding" text NOT NULL,
	"end_month" text,
	"rate_after_bps" integer,
	"negative_net" text NOT NULL,
	CONSTRAINT "merchant_split_levels_merchant_account_id_from_month_level_pk" PRIMARY KEY("merchant_account_id","from_month","level")
);
--> statement-breakpoint
CREATE TABLE "merchant_split_versions" (
	"merchant_account_id" uuid NOT NULL,
	"from_month" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_split_versions_merchant_account_id_from_month_pk" PRIMARY KEY("merchant_account_id","from_month")
);
--> statement-breakpoint
CREATE TABLE "partner_teams" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"upline_id" integer,
	"may_recruit" boolean DEFAULT false NOT NULL,
	"recruit_token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_teams_recruit_token_unique" UNIQUE("recruit_token"),
	CONSTRAINT "partner_teams_not_self" CHECK ("partner_teams"."upline_id" is null or "partner_teams"."upline_id" <> "partner_teams"."partner_id")
);
--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "level" integer;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "basis" text;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "downline_partner_id" integer;--> statement-breakpoint
ALTER TABLE "commission_plans" ADD COLUMN "override_levels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_plans" ADD COLUMN "override_basis" text DEFAULT 'share_of_net' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_plans" ADD COLUMN "override_funding" text DEFAULT 'house' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_plans" ADD COLUMN "negative_net" text DEFAULT 'pass_through' NOT NULL;--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "override_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_split_levels" ADD CONSTRAINT "merchant_split_levels_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_split_levels" ADD CONSTRAINT "merchant_split_levels_merchant_account_id_from_month_merchant_split_versions_merchant_account_id_from_month_fk" FOREIGN KEY ("merchant_account_id","from_month") REFERENCES "public"."merchant_split_versions"("merchant_account_id","from_month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_split_versions" ADD CONSTRAINT "merchant_split_versions_merchant_account_id_merchant_accounts_id_fk" FOREIGN KEY ("merchant_account_id") REFERENCES "public"."merchant_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_split_versions" ADD CONSTRAINT "merchant_split_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_teams" ADD CONSTRAINT "partner_teams_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_teams" ADD CONSTRAINT "partner_teams_upline_id_users_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_split_levels_partner_idx" ON "merchant_split_levels" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partner_teams_upline_idx" ON "partner_teams" USING btree ("upline_id");--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_downline_partner_id_users_id_fk" FOREIGN KEY ("downline_partner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_lines_override_idx" ON "commission_lines" USING btree ("merchant_account_id","month","level") WHERE "commission_lines"."kind" = 'override';