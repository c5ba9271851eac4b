CREATE TABLE "report_seal_chain_head" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_sequence" bigint NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "report_seal_chain_head_one_row" CHECK ("report_seal_chain_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "report_seals" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" bigint NOT NULL,
	"inspection_id" integer NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"signature" text NOT NULL,
	"record" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	"sealed_later" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_signing_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_signing_keys_one_row" CHECK ("report_signing_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "report_seals" ADD CONSTRAINT "report_seals_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_seals_sequence_key" ON "report_seals" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "report_seals_inspection_key" ON "report_seals" USING btree ("inspection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_seals_hash_key" ON "report_seals" USING btree ("hash");