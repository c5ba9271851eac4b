DROP INDEX "sites_city_lower_idx";--> statement-breakpoint
CREATE INDEX "equipment_asset_tag_prefix_idx" ON "equipment" USING btree (lower("asset_tag") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "equipment_serial_prefix_idx" ON "equipment" USING btree (lower("serial_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "equipment_types_name_prefix_idx" ON "equipment_types" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "equipment_types_search_trgm_idx" ON "equipment_types" USING gin (("name" || ' ' || "category" || ' ' || coalesce("manufacturer", '') || ' ' || coalesce("model", '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_code_prefix_idx" ON "sites" USING btree (lower("site_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sites_name_prefix_idx" ON "sites" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sites_city_lower_idx" ON "sites" USING btree (lower("city") text_pattern_ops);--> statement-breakpoint
-- Written by hand instead of drizzle-kit's drop and create: the trigram index keeps its entries, and
-- what its pending list already holds is merged now (fastupdate off only stops new entries going there).
ALTER INDEX "sites_search_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('sites_search_trgm');