DROP INDEX "equipment_site_idx";--> statement-breakpoint
DROP INDEX "equipment_next_due_idx";--> statement-breakpoint
CREATE INDEX "equipment_site_due_idx" ON "equipment" USING btree ("site_id","next_due_on","id");--> statement-breakpoint
CREATE INDEX "equipment_type_status_due_idx" ON "equipment" USING btree ("equipment_type_id","status","next_due_on","id");--> statement-breakpoint
CREATE INDEX "equipment_status_due_idx" ON "equipment" USING btree ("status","next_due_on","id");--> statement-breakpoint
CREATE INDEX "equipment_due_idx" ON "equipment" USING btree ("next_due_on","id");--> statement-breakpoint
CREATE INDEX "equipment_search_trgm_idx" ON "equipment" USING gin (("asset_tag" || ' ' || coalesce("serial_number", '') || ' ' || "name") gin_trgm_ops);