CREATE TYPE "public"."saved_view_list" AS ENUM('users', 'sites', 'equipment', 'assignments', 'inspection-history', 'equipment-types');--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list" "saved_view_list" NOT NULL,
	"name" text NOT NULL,
	"state" jsonb NOT NULL,
	"owner_id" integer NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_list_name_unique" ON "saved_views" USING btree ("owner_id","list",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_list_shared_idx" ON "saved_views" USING btree ("list") WHERE "saved_views"."shared";