CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "lead_status_counts" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_status_counts_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
DROP INDEX "leads_partner_idx";--> statement-breakpoint
CREATE INDEX "leads_partner_status_idx" ON "leads" USING btree ("partner_id","status");--> statement-breakpoint
CREATE INDEX "leads_company_trgm_idx" ON "leads" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_email_trgm_idx" ON "leads" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_contact_trgm_idx" ON "leads" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "lead_status_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "lead_status_counts" ("status", "shard", "count") VALUES (OLD.status, OLD.id % 16, -1)
      ON CONFLICT ("status", "shard") DO UPDATE SET "count" = "lead_status_counts"."count" - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "lead_status_counts" ("status", "shard", "count") VALUES (NEW.status, NEW.id % 16, 1)
      ON CONFLICT ("status", "shard") DO UPDATE SET "count" = "lead_status_counts"."count" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_status_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_status_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_status_counts" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "leads"
  FOR EACH ROW EXECUTE FUNCTION "lead_status_counts_track"();--> statement-breakpoint
CREATE TRIGGER "leads_status_counts_truncate" AFTER TRUNCATE ON "leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_status_counts_reset"();--> statement-breakpoint
INSERT INTO "lead_status_counts" ("status", "shard", "count")
  SELECT "status", "id" % 16, count(*) FROM "leads" GROUP BY 1, 2;
