CREATE TABLE "lead_daily_approvals" (
	"day" date PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_daily_counts" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_daily_counts_day_status_shard_pk" PRIMARY KEY("day","status","shard")
);
--> statement-breakpoint
CREATE INDEX "leads_approved_created_partner_idx" ON "leads" USING btree ("created_at","partner_id") WHERE "leads"."status" = 'approved';--> statement-breakpoint
CREATE TABLE "lead_partner_counts" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_partner_counts" ADD CONSTRAINT "lead_partner_counts_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The roll-ups start from the leads already stored; from here on the application keeps them in the
-- transaction of every change (modules/admin-stats/lead-rollups.ts, same shard rule).
INSERT INTO "lead_daily_counts" ("day", "status", "shard", "count")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, "status", CASE WHEN "status" = 'new' THEN "id" % 16 ELSE 0 END, count(*)
  FROM "leads" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "lead_daily_approvals" ("day", "count")
  SELECT ("status_changed_at" AT TIME ZONE 'UTC')::date, count(*) FROM "leads" WHERE "status" = 'approved' GROUP BY 1;--> statement-breakpoint
INSERT INTO "lead_partner_counts" ("partner_id", "referrals", "approved")
  SELECT "partner_id", count(*), count(*) FILTER (WHERE "status" = 'approved') FROM "leads" WHERE "partner_id" IS NOT NULL GROUP BY 1;
