CREATE TYPE "public"."assignment_priority" AS ENUM('low', 'normal', 'high', 'urgent');--> statement-breakpoint
CREATE TYPE "public"."assignment_status" AS ENUM('assigned', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TABLE "assignment_equipment" (
	"assignment_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	CONSTRAINT "assignment_equipment_assignment_id_equipment_id_pk" PRIMARY KEY("assignment_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"inspector_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"template_version" integer NOT NULL,
	"status" "assignment_status" DEFAULT 'assigned' NOT NULL,
	"priority" "assignment_priority" DEFAULT 'normal' NOT NULL,
	"scheduled_for" date NOT NULL,
	"due_on" date NOT NULL,
	"notes" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_equipment" ADD CONSTRAINT "assignment_equipment_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_equipment" ADD CONSTRAINT "assignment_equipment_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_category_id_inspection_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."inspection_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_equipment_equipment_idx" ON "assignment_equipment" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "assignments_status_due_idx" ON "assignments" USING btree ("status","due_on","id");--> statement-breakpoint
CREATE INDEX "assignments_inspector_status_idx" ON "assignments" USING btree ("inspector_id","status");--> statement-breakpoint
CREATE INDEX "assignments_site_status_idx" ON "assignments" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "assignments_template_idx" ON "assignments" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "assignments_category_idx" ON "assignments" USING btree ("category_id");