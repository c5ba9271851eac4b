CREATE TYPE "public"."inspection_request_status" AS ENUM('open', 'scheduled', 'declined', 'cancelled');--> statement-breakpoint
CREATE TABLE "inspection_request_equipment" (
	"request_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	CONSTRAINT "inspection_request_equipment_request_id_equipment_id_pk" PRIMARY KEY("request_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "inspection_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"category_id" integer,
	"preferred_date" date,
	"message" text NOT NULL,
	"status" "inspection_request_status" DEFAULT 'open' NOT NULL,
	"decline_reason" text,
	"assignment_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corrective_action_comments" ADD COLUMN "visible_to_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_request_equipment" ADD CONSTRAINT "inspection_request_equipment_request_id_inspection_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."inspection_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_request_equipment" ADD CONSTRAINT "inspection_request_equipment_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_requests" ADD CONSTRAINT "inspection_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_requests" ADD CONSTRAINT "inspection_requests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_requests" ADD CONSTRAINT "inspection_requests_category_id_inspection_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."inspection_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_requests" ADD CONSTRAINT "inspection_requests_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_requests" ADD CONSTRAINT "inspection_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_request_equipment_equipment_idx" ON "inspection_request_equipment" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "inspection_requests_client_created_idx" ON "inspection_requests" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inspection_requests_queue_idx" ON "inspection_requests" USING btree (("status" <> 'open'),"created_at","id");--> statement-breakpoint
CREATE INDEX "inspection_requests_site_idx" ON "inspection_requests" USING btree ("site_id");