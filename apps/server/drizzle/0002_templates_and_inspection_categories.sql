CREATE TYPE "public"."template_status" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
CREATE TYPE "public"."template_version_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "inspection_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"colour" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_equipment_types" (
	"template_id" integer NOT NULL,
	"equipment_type_id" integer NOT NULL,
	CONSTRAINT "template_equipment_types_template_id_equipment_type_id_pk" PRIMARY KEY("template_id","equipment_type_id")
);
--> statement-breakpoint
CREATE TABLE "template_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "template_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" "template_version_status" DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"change_note" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"category_id" integer,
	"status" "template_status" DEFAULT 'draft' NOT NULL,
	"published_version" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "template_equipment_types" ADD CONSTRAINT "template_equipment_types_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_equipment_types" ADD CONSTRAINT "template_equipment_types_equipment_type_id_equipment_types_id_fk" FOREIGN KEY ("equipment_type_id") REFERENCES "public"."equipment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_category_id_inspection_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."inspection_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_categories_name_unique" ON "inspection_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "inspection_categories_name_trgm" ON "inspection_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inspection_categories_description_trgm" ON "inspection_categories" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_equipment_types_type_idx" ON "template_equipment_types" USING btree ("equipment_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_number_unique" ON "template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_one_draft" ON "template_versions" USING btree ("template_id") WHERE "template_versions"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "templates_name_unique" ON "templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "templates_name_trgm" ON "templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "templates_description_trgm" ON "templates" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "templates_category_idx" ON "templates" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "templates_status_idx" ON "templates" USING btree ("status");--> statement-breakpoint
ALTER TABLE "equipment_types" ADD CONSTRAINT "equipment_types_default_template_id_templates_id_fk" FOREIGN KEY ("default_template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A published template version is a record inspections point at: it never changes and is never
-- deleted (the whole template may go, taking its versions with it, only through a cascade).
CREATE FUNCTION template_versions_guard_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Deleting the template itself cascades here once its row is gone: that is allowed.
    IF OLD.status = 'published' AND EXISTS (SELECT 1 FROM templates WHERE id = OLD.template_id) THEN
      RAISE EXCEPTION 'template version % of template % is published and cannot be deleted', OLD.version, OLD.template_id
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'published' THEN
    RAISE EXCEPTION 'template version % of template % is published and cannot be changed', OLD.version, OLD.template_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER template_versions_published_immutable
  BEFORE UPDATE OR DELETE ON template_versions
  FOR EACH ROW EXECUTE FUNCTION template_versions_guard_published();
