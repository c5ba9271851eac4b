DROP INDEX "sites_city_lower_idx";--> statement-breakpoint
CREATE INDEX "sites_code_prefix_idx" ON "sites" USING btree (lower("site_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sites_name_prefix_idx" ON "sites" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sites_city_lower_idx" ON "sites" USING btree (lower("city") text_pattern_ops);