CREATE TABLE "form_1099_corrections" (
	"partner_id" integer NOT NULL,
	"year" integer NOT NULL,
	"reason" text NOT NULL,
	"corrected_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_1099_corrections_partner_id_year_pk" PRIMARY KEY("partner_id","year")
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"month" text NOT NULL,
	"effective_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"prenotes" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_profiles" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"tax_kind" text,
	"tax_form" jsonb,
	"tin_sealed" text,
	"tin_last4" text,
	"tax_status" text,
	"tax_reject_reason" text,
	"bank_method" text,
	"bank_holder" text,
	"bank_sealed" text,
	"routing_last4" text,
	"account_last4" text,
	"account_type" text,
	"bank_status" text,
	"bank_reject_reason" text,
	"bank_name_matches" boolean DEFAULT false NOT NULL,
	"bank_changed_at" timestamp with time zone,
	"bank_first_paid_at" timestamp with time zone,
	"payout_hold_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_statements" (
	"payout_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payout_statements_payout_id_statement_id_pk" PRIMARY KEY("payout_id","statement_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"partner_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"entry_class" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_sealed" text NOT NULL,
	"account_last4" text NOT NULL,
	"account_type" text NOT NULL,
	"prenote" boolean DEFAULT false NOT NULL,
	"seq" integer NOT NULL,
	"retry" boolean DEFAULT false NOT NULL,
	"return_code" text,
	"return_note" text,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_1099_corrections" ADD CONSTRAINT "form_1099_corrections_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_1099_corrections" ADD CONSTRAINT "form_1099_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_profiles" ADD CONSTRAINT "payout_profiles_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reviews" ADD CONSTRAINT "payout_reviews_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reviews" ADD CONSTRAINT "payout_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_draft_idx" ON "payout_batches" USING btree ("month") WHERE "payout_batches"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "payout_reviews_status_idx" ON "payout_reviews" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_reviews_open_idx" ON "payout_reviews" USING btree ("partner_id","kind") WHERE "payout_reviews"."status" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_statements_live_idx" ON "payout_statements" USING btree ("statement_id") WHERE "payout_statements"."active";--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id","seq");--> statement-breakpoint
CREATE INDEX "payouts_partner_idx" ON "payouts" USING btree ("partner_id","created_at");--> statement-breakpoint
-- hand-written below
-- A returned payout puts its paid lines back to approved (issue 22): the one change a paid line
-- allows, only inside a transaction that set portal.payout_return, and only the status.
CREATE OR REPLACE FUNCTION commission_lines_paid_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('portal.payout_return', true), '') = 'on'
     AND NEW.status = 'approved' AND NEW.amount_cents = OLD.amount_cents AND NEW.partner_id = OLD.partner_id
     AND NEW.kind = OLD.kind AND NEW.month = OLD.month THEN
    RETURN NEW;
  END IF;
  IF OLD.status = 'paid' THEN
    RAISE EXCEPTION 'commission line % is paid and cannot change', OLD.id USING ERRCODE = 'check_violation', CONSTRAINT = 'commission_lines_paid_immutable';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
