CREATE TABLE "resource_files" (
	"resource_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_id" integer NOT NULL,
	"user_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_daily_stats" (
	"partner_id" integer NOT NULL,
	"day" date NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_daily_stats_partner_id_day_pk" PRIMARY KEY("partner_id","day")
);
--> statement-breakpoint
CREATE TABLE "partner_daily_visit_sources" (
	"partner_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_daily_visit_sources_partner_id_day_source_pk" PRIMARY KEY("partner_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "partner_status_counts" (
	"partner_id" integer NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_status_counts_partner_id_status_pk" PRIMARY KEY("partner_id","status")
);
--> statement-breakpoint
ALTER TABLE "resources" ALTER COLUMN "kind" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_visits" ADD COLUMN "source" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "type" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
UPDATE "resources" SET "type" = CASE "kind" WHEN 'video' THEN 'video' ELSE 'link' END;--> statement-breakpoint
ALTER TABLE "resources" ALTER COLUMN "type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "embed_url" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "thumbnail_url" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resource_files" ADD CONSTRAINT "resource_files_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_views" ADD CONSTRAINT "resource_views_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_views" ADD CONSTRAINT "resource_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_views_resource_idx" ON "resource_views" USING btree ("resource_id","viewed_at");--> statement-breakpoint
CREATE INDEX "resources_position_idx" ON "resources" USING btree ("position","id");--> statement-breakpoint
-- Adds (sign = 1) or removes (sign = -1) one referral from its partner's roll-ups.
CREATE FUNCTION "partner_stats_lead"(p_partner integer, p_created timestamptz, p_status text, p_changed timestamptz, p_sign integer) RETURNS void AS $$
BEGIN
  INSERT INTO "partner_daily_stats" ("partner_id", "day", "referrals")
    VALUES (p_partner, (p_created AT TIME ZONE 'UTC')::date, p_sign)
    ON CONFLICT ("partner_id", "day") DO UPDATE SET "referrals" = "partner_daily_stats"."referrals" + p_sign;
  INSERT INTO "partner_status_counts" ("partner_id", "status", "count")
    VALUES (p_partner, p_status, p_sign)
    ON CONFLICT ("partner_id", "status") DO UPDATE SET "count" = "partner_status_counts"."count" + p_sign;
  IF p_status = 'approved' THEN
    INSERT INTO "partner_daily_stats" ("partner_id", "day", "approved")
      VALUES (p_partner, (p_changed AT TIME ZONE 'UTC')::date, p_sign)
      ON CONFLICT ("partner_id", "day") DO UPDATE SET "approved" = "partner_daily_stats"."approved" + p_sign;
  END IF;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION "leads_partner_stats"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."partner_id" IS NOT NULL THEN
    PERFORM "partner_stats_lead"(OLD."partner_id", OLD."created_at", OLD."status", OLD."status_changed_at", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."partner_id" IS NOT NULL THEN
    PERFORM "partner_stats_lead"(NEW."partner_id", NEW."created_at", NEW."status", NEW."status_changed_at", 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "leads_partner_stats_insert_delete" AFTER INSERT OR DELETE ON "leads"
  FOR EACH ROW EXECUTE FUNCTION "leads_partner_stats"();
--> statement-breakpoint
CREATE TRIGGER "leads_partner_stats_update" AFTER UPDATE OF "partner_id", "status", "created_at", "status_changed_at" ON "leads"
  FOR EACH ROW
  WHEN (OLD."partner_id" IS DISTINCT FROM NEW."partner_id" OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."status_changed_at" IS DISTINCT FROM NEW."status_changed_at")
  EXECUTE FUNCTION "leads_partner_stats"();
--> statement-breakpoint
CREATE FUNCTION "referral_visits_partner_stats"() RETURNS trigger AS $$
DECLARE
  r record;
  s integer;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; s := 1; ELSE r := OLD; s := -1; END IF;
  INSERT INTO "partner_daily_stats" ("partner_id", "day", "visits")
    VALUES (r."partner_id", r."day", s)
    ON CONFLICT ("partner_id", "day") DO UPDATE SET "visits" = "partner_daily_stats"."visits" + s;
  INSERT INTO "partner_daily_visit_sources" ("partner_id", "day", "source", "visits")
    VALUES (r."partner_id", r."day", r."source", s)
    ON CONFLICT ("partner_id", "day", "source") DO UPDATE SET "visits" = "partner_daily_visit_sources"."visits" + s;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "referral_visits_partner_stats" AFTER INSERT OR DELETE ON "referral_visits"
  FOR EACH ROW EXECUTE FUNCTION "referral_visits_partner_stats"();
--> statement-breakpoint
-- Backfill from what is already stored.
INSERT INTO "partner_daily_stats" ("partner_id", "day", "referrals", "visits", "approved")
SELECT "partner_id", "day", sum("referrals")::int, sum("visits")::int, sum("approved")::int FROM (
  SELECT "partner_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "referrals", 0 AS "visits", 0 AS "approved" FROM "leads" WHERE "partner_id" IS NOT NULL
  UNION ALL
  SELECT "partner_id", ("status_changed_at" AT TIME ZONE 'UTC')::date, 0, 0, 1 FROM "leads" WHERE "partner_id" IS NOT NULL AND "status" = 'approved'
  UNION ALL
  SELECT "partner_id", "day", 0, 1, 0 FROM "referral_visits"
) AS "rows" GROUP BY "partner_id", "day";
--> statement-breakpoint
INSERT INTO "partner_daily_visit_sources" ("partner_id", "day", "source", "visits")
SELECT "partner_id", "day", "source", count(*)::int FROM "referral_visits" GROUP BY "partner_id", "day", "source";
--> statement-breakpoint
INSERT INTO "partner_status_counts" ("partner_id", "status", "count")
SELECT "partner_id", "status", count(*)::int FROM "leads" WHERE "partner_id" IS NOT NULL GROUP BY "partner_id", "status";
