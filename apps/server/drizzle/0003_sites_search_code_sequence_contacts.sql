CREATE SEQUENCE "public"."site_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "other_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(site_code || ' ' || name || ' ' || coalesce(city, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "sites_created_idx" ON "sites" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sites_city_lower_idx" ON "sites" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "sites_search_trgm" ON "sites" USING gin ("search_text" gin_trgm_ops);