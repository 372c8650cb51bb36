ALTER TABLE "lead_partner_counts" ADD COLUMN "active_days" datemultirange DEFAULT '{}'::datemultirange NOT NULL;--> statement-breakpoint
-- Each partner's active days start from the leads already stored; from here on the application keeps
-- them in the transaction of every new lead and reassignment (modules/admin-stats/lead-rollups.ts).
UPDATE "lead_partner_counts" AS c SET "active_days" = d."days"
  FROM (
    SELECT "partner_id", range_agg(daterange("day", "day" + 1)) AS "days"
    FROM (SELECT DISTINCT "partner_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day" FROM "leads" WHERE "partner_id" IS NOT NULL) AS per_day
    GROUP BY 1
  ) AS d
  WHERE c."partner_id" = d."partner_id";
