CREATE TABLE "request_rate_limit" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "request_rate_limit_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "delivery_outbox" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_outbox" ADD COLUMN "recipient_user_id" integer;--> statement-breakpoint
ALTER TABLE "delivery_outbox" ADD COLUMN "message" jsonb;--> statement-breakpoint
CREATE INDEX "request_rate_limit_window_idx" ON "request_rate_limit" USING btree ("window_start");--> statement-breakpoint
ALTER TABLE "delivery_outbox" ADD CONSTRAINT "delivery_outbox_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Messages kept before masking: a message still waiting in the development outbox moves whole to
-- the recipient-only column, a sent or failed one is not kept; what every administrator sees keeps
-- only metadata (six-digit codes in subjects are masked).
UPDATE "delivery_outbox" SET
	"message" = CASE WHEN "status" = 'queued' THEN jsonb_build_object('subject', "subject", 'text', "body", 'html', "html") END,
	"subject" = regexp_replace("subject", '[0-9]{6}', '••••••', 'g'),
	"body" = NULL,
	"html" = NULL,
	"recipient_user_id" = (
		SELECT "users"."id" FROM "users"
		WHERE lower("users"."email") = lower("delivery_outbox"."recipient") OR "users"."phone" = "delivery_outbox"."recipient"
		ORDER BY "users"."deleted_at" NULLS FIRST, "users"."id" DESC LIMIT 1
	);
