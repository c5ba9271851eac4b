CREATE TYPE "public"."inspection_result" AS ENUM('pass', 'fail');--> statement-breakpoint
CREATE TYPE "public"."inspection_status" AS ENUM('in_progress', 'completed');--> statement-breakpoint
CREATE TABLE "inspection_units" (
	"inspection_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"result" "inspection_result" NOT NULL,
	"failed_items" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inspection_units_inspection_id_equipment_id_pk" PRIMARY KEY("inspection_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"inspector_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"template_version" integer NOT NULL,
	"status" "inspection_status" DEFAULT 'in_progress' NOT NULL,
	"result" "inspection_result",
	"answers" jsonb DEFAULT '{"units":[],"remarks":null}'::jsonb NOT NULL,
	"results" jsonb,
	"remarks" text,
	"failed_items" integer DEFAULT 0 NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"unit_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"progress_saved_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_units" ADD CONSTRAINT "inspection_units_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_units" ADD CONSTRAINT "inspection_units_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_category_id_inspection_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."inspection_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_units_equipment_idx" ON "inspection_units" USING btree ("equipment_id","completed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_assignment_key" ON "inspections" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "inspections_completed_idx" ON "inspections" USING btree ("completed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inspections"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "inspections_site_completed_idx" ON "inspections" USING btree ("site_id","completed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inspections"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "inspections_inspector_completed_idx" ON "inspections" USING btree ("inspector_id","completed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inspections"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "inspections_result_completed_idx" ON "inspections" USING btree ("result","completed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inspections"."status" = 'completed';