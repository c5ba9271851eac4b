CREATE TYPE "public"."corrective_action_source" AS ENUM('inspection', 'manual');--> statement-breakpoint
CREATE TYPE "public"."corrective_action_status" AS ENUM('open', 'in_progress', 'resolved', 'verified', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."schedule_assignee_mode" AS ENUM('inspector', 'least_loaded');--> statement-breakpoint
CREATE TYPE "public"."schedule_interval_unit" AS ENUM('days', 'weeks', 'months', 'type');--> statement-breakpoint
CREATE TYPE "public"."schedule_scope" AS ENUM('all', 'types', 'units');--> statement-breakpoint
CREATE TYPE "public"."schedule_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TABLE "corrective_action_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corrective_action_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corrective_action_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corrective_action_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corrective_action_reinspections" (
	"action_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"result" "inspection_result",
	"inspection_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corrective_action_reinspections_action_id_assignment_id_pk" PRIMARY KEY("action_id","assignment_id")
);
--> statement-breakpoint
CREATE TABLE "corrective_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corrective_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text,
	"status" "corrective_action_status" DEFAULT 'open' NOT NULL,
	"priority" "assignment_priority" DEFAULT 'normal' NOT NULL,
	"source" "corrective_action_source" NOT NULL,
	"requires_evidence" boolean DEFAULT true NOT NULL,
	"owner_id" integer,
	"site_id" integer NOT NULL,
	"equipment_id" integer,
	"inspection_id" integer,
	"item_key" text,
	"item_label" text,
	"answer" jsonb,
	"remark" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_on" date NOT NULL,
	"cancel_reason" text,
	"reinspection_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "schedule_occurrences" (
	"schedule_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"assignment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_occurrences_schedule_id_equipment_id_due_on_pk" PRIMARY KEY("schedule_id","equipment_id","due_on")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"status" "schedule_status" DEFAULT 'active' NOT NULL,
	"site_id" integer NOT NULL,
	"scope" "schedule_scope" DEFAULT 'all' NOT NULL,
	"equipment_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"equipment_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"template_id" integer,
	"category_id" integer NOT NULL,
	"interval_unit" "schedule_interval_unit" DEFAULT 'type' NOT NULL,
	"interval_count" integer,
	"assignee_mode" "schedule_assignee_mode" DEFAULT 'inspector' NOT NULL,
	"inspector_ids" integer[] NOT NULL,
	"lead_days" integer DEFAULT 14 NOT NULL,
	"priority" "assignment_priority" DEFAULT 'normal' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"last_run_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corrective_action_comments" ADD CONSTRAINT "corrective_action_comments_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_comments" ADD CONSTRAINT "corrective_action_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_events" ADD CONSTRAINT "corrective_action_events_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_events" ADD CONSTRAINT "corrective_action_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_reinspections" ADD CONSTRAINT "corrective_action_reinspections_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_reinspections" ADD CONSTRAINT "corrective_action_reinspections_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_reinspections" ADD CONSTRAINT "corrective_action_reinspections_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_category_id_inspection_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."inspection_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corrective_action_comments_action_idx" ON "corrective_action_comments" USING btree ("action_id","id");--> statement-breakpoint
CREATE INDEX "corrective_action_events_action_idx" ON "corrective_action_events" USING btree ("action_id","id");--> statement-breakpoint
CREATE INDEX "corrective_action_reinspections_assignment_idx" ON "corrective_action_reinspections" USING btree ("assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corrective_actions_answer_key" ON "corrective_actions" USING btree ("inspection_id",coalesce("equipment_id", 0),"item_key") WHERE "corrective_actions"."inspection_id" is not null;--> statement-breakpoint
CREATE INDEX "corrective_actions_status_due_idx" ON "corrective_actions" USING btree ("status","due_on","id");--> statement-breakpoint
CREATE INDEX "corrective_actions_owner_status_due_idx" ON "corrective_actions" USING btree ("owner_id","status","due_on","id");--> statement-breakpoint
CREATE INDEX "corrective_actions_site_status_idx" ON "corrective_actions" USING btree ("site_id","status","due_on");--> statement-breakpoint
CREATE INDEX "corrective_actions_equipment_status_idx" ON "corrective_actions" USING btree ("equipment_id","status");--> statement-breakpoint
CREATE INDEX "corrective_actions_due_idx" ON "corrective_actions" USING btree ("due_on","id");--> statement-breakpoint
CREATE INDEX "corrective_actions_open_due_idx" ON "corrective_actions" USING btree ("due_on","id") WHERE "corrective_actions"."status" in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "corrective_actions_owner_open_due_idx" ON "corrective_actions" USING btree ("owner_id","due_on","id") WHERE "corrective_actions"."status" in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "corrective_actions_done_due_idx" ON "corrective_actions" USING btree ("due_on","id") WHERE "corrective_actions"."status" in ('resolved', 'verified');--> statement-breakpoint
CREATE INDEX "corrective_actions_search_trgm_idx" ON "corrective_actions" USING gin (("title" || ' ' || coalesce("item_label", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schedule_occurrences_assignment_idx" ON "schedule_occurrences" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "schedules_status_idx" ON "schedules" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "schedules_site_idx" ON "schedules" USING btree ("site_id","status");--> statement-breakpoint
-- The former overdue job's once-only claims become the claims of its escalation rule
-- (assignment-overdue: overdue by 0 days, admins and inspector), so nothing is announced twice.
INSERT INTO "notification_dispatch" ("kind", "object_id")
SELECT 'escalation:assignment_overdue:assignment-overdue:' || a."due_on", d."object_id"
FROM "notification_dispatch" d JOIN "assignments" a ON a."id" = d."object_id"
WHERE d."kind" = 'assignment.overdue'
ON CONFLICT DO NOTHING;
