DROP INDEX "assignments_template_idx";--> statement-breakpoint
CREATE INDEX "assignments_inspector_due_idx" ON "assignments" USING btree ("inspector_id","due_on","id");--> statement-breakpoint
CREATE INDEX "assignments_template_due_idx" ON "assignments" USING btree ("template_id","due_on","id");