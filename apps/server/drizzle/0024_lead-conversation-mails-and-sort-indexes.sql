ALTER TABLE "users" ADD COLUMN "notify_partner_reply" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_lead_note" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_sort_business_idx" ON "leads" USING btree (lower("company"),"id");--> statement-breakpoint
CREATE INDEX "leads_sort_contact_idx" ON "leads" USING btree (lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "leads_sort_source_idx" ON "leads" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "leads_sort_sync_idx" ON "leads" USING btree ("sync_state","id");--> statement-breakpoint
CREATE INDEX "leads_sort_status_idx" ON "leads" USING btree (coalesce(array_position(array['new', 'contacted', 'analysis', 'application', 'approved', 'lost', 'unqualified']::text[], "status"), 0),"id");