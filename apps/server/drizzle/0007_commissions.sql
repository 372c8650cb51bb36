CREATE TABLE "commission_import_rows" (
	"import_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"mid" text NOT NULL,
	"business" text,
	"transactions" integer,
	"volume_cents" bigint NOT NULL,
	"income_cents" bigint,
	"costs_cents" bigint,
	"net_revenue_cents" bigint NOT NULL,
	CONSTRAINT "commission_import_rows_import_id_row_no_pk" PRIMARY KEY("import_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "commission_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"processor" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"row_count" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"duplicates" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "commission_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"merchant_account_id" uuid,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"month" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"volume_cents" bigint,
	"transactions" integer,
	"net_revenue_cents" bigint,
	"share_bps" integer,
	"description" text,
	"statement_id" uuid,
	"import_id" uuid,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer,
	"bonus_cents" bigint NOT NULL,
	"bonus_min_volume_cents" bigint NOT NULL,
	"clawback_days" integer NOT NULL,
	"residual_share_bps" integer NOT NULL,
	"min_payout_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ignored_mids" (
	"mid" text PRIMARY KEY NOT NULL,
	"ignored_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mid" text NOT NULL,
	"business" text NOT NULL,
	"partner_id" integer NOT NULL,
	"lead_id" integer,
	"approved_on" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"closed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_accounts_mid_unique" UNIQUE("mid"),
	CONSTRAINT "merchant_accounts_lead_id_unique" UNIQUE("lead_id")
);
--> statement-breakpoint
CREATE TABLE "processor_mappings" (
	"key" text PRIMARY KEY NOT NULL,
	"processor" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"merchants" integer DEFAULT 0 NOT NULL,
	"volume_cents" bigint DEFAULT 0 NOT NULL,
	"residual_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	"adjustment_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"published_at" timestamp with time zone,
	"paid_on" date,
	"paid_method" text,
	"paid_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_import_rows" ADD CONSTRAINT "commission_import_rows_import_id_commission_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."commission_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_imports" ADD CONSTRAINT "commission_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_merchant_account_id_merchant_accounts_id_fk" FOREIGN KEY ("merchant_account_id") REFERENCES "public"."merchant_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_import_id_commission_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."commission_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_plans" ADD CONSTRAINT "commission_plans_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ignored_mids" ADD CONSTRAINT "ignored_mids_ignored_by_users_id_fk" FOREIGN KEY ("ignored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_import_rows_mid_idx" ON "commission_import_rows" USING btree ("mid");--> statement-breakpoint
CREATE INDEX "commission_imports_month_idx" ON "commission_imports" USING btree ("month","processor","status");--> statement-breakpoint
CREATE INDEX "commission_lines_partner_idx" ON "commission_lines" USING btree ("partner_id","month");--> statement-breakpoint
CREATE INDEX "commission_lines_statement_idx" ON "commission_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "commission_lines_import_idx" ON "commission_lines" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "commission_lines_merchant_idx" ON "commission_lines" USING btree ("merchant_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_lines_auto_bonus_idx" ON "commission_lines" USING btree ("merchant_account_id","kind") WHERE "commission_lines"."kind" in ('bonus', 'clawback') and "commission_lines"."created_by" is null and "commission_lines"."merchant_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_lines_residual_idx" ON "commission_lines" USING btree ("merchant_account_id","month") WHERE "commission_lines"."kind" = 'residual';--> statement-breakpoint
CREATE UNIQUE INDEX "commission_plans_partner_idx" ON "commission_plans" USING btree (coalesce("partner_id", 0));--> statement-breakpoint
CREATE INDEX "merchant_accounts_partner_idx" ON "merchant_accounts" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_partner_month_idx" ON "statements" USING btree ("partner_id","month");--> statement-breakpoint
CREATE INDEX "statements_month_idx" ON "statements" USING btree ("month","status");--> statement-breakpoint
-- A paid commission line never changes and is never deleted (corrections are new lines).
CREATE OR REPLACE FUNCTION commission_lines_paid_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'paid' THEN
    RAISE EXCEPTION 'commission line % is paid and cannot change', OLD.id USING ERRCODE = 'check_violation', CONSTRAINT = 'commission_lines_paid_immutable';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER commission_lines_paid_guard BEFORE UPDATE OR DELETE ON "commission_lines" FOR EACH ROW WHEN (OLD.status = 'paid') EXECUTE FUNCTION commission_lines_paid_guard();
