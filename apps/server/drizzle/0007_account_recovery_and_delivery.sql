CREATE TYPE "public"."one_time_code_purpose" AS ENUM('password_reset', 'phone_login', 'email_change');--> statement-breakpoint
CREATE TABLE "bot_check_solutions" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purpose" "one_time_code_purpose" NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"binding" text,
	"payload" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"grant_hash" text,
	"grant_expires_at" timestamp with time zone,
	"grant_used_at" timestamp with time zone,
	"ip_address" "inet",
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_check_solutions_expires_idx" ON "bot_check_solutions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_subject_idx" ON "one_time_codes" USING btree ("purpose","subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_grant_hash_key" ON "one_time_codes" USING btree ("grant_hash");