CREATE TABLE "lead_partner_days" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"active_days" datemultirange DEFAULT '{}'::datemultirange NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_partner_days" ADD CONSTRAINT "lead_partner_days_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each partner's active days start from the leads already stored; from here on the application keeps
-- them in the transaction of every new lead and reassignment (modules/admin-stats/lead-rollups.ts).
INSERT INTO "lead_partner_days" ("partner_id", "active_days")
  SELECT "partner_id", range_agg(daterange("day", "day" + 1))
  FROM (SELECT DISTINCT "partner_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day" FROM "leads" WHERE "partner_id" IS NOT NULL) AS per_day
  GROUP BY 1;
