CREATE TYPE "public"."shop_address_kind" AS ENUM('billing', 'shipping');--> statement-breakpoint
CREATE TYPE "public"."shop_bill_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."shop_bill_status" AS ENUM('issued', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."shop_billing_mode" AS ENUM('per_shipment', 'per_order');--> statement-breakpoint
CREATE TYPE "public"."shop_order_status" AS ENUM('placed', 'confirmed', 'partially_shipped', 'shipped', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."shop_shipment_status" AS ENUM('pending', 'packed', 'shipped', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."shop_supply_type" AS ENUM('intra_state', 'inter_state');--> statement-breakpoint
CREATE SEQUENCE "public"."shop_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "shop_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"kind" "shop_address_kind" NOT NULL,
	"label" text NOT NULL,
	"contact_name" text,
	"phone" text,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"district" text,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"country" text DEFAULT 'India' NOT NULL,
	"gstin" text,
	"site_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" "shop_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_addresses_gstin_check" CHECK ("shop_addresses"."gstin" is null or "shop_addresses"."kind" = 'billing')
);
--> statement-breakpoint
CREATE TABLE "shop_bill_lines" (
	"bill_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"product_id" integer,
	"sku" text NOT NULL,
	"description" text NOT NULL,
	"hsn_code" text NOT NULL,
	"unit" "product_unit" NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"gst_rate" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	CONSTRAINT "shop_bill_lines_bill_id_line_number_pk" PRIMARY KEY("bill_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "shop_bill_series" (
	"kind" "shop_bill_kind" NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_bill_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "shop_bill_shipments" (
	"bill_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	CONSTRAINT "shop_bill_shipments_bill_id_shipment_id_pk" PRIMARY KEY("bill_id","shipment_id")
);
--> statement-breakpoint
CREATE TABLE "shop_bills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bill_number" text NOT NULL,
	"kind" "shop_bill_kind" NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"status" "shop_bill_status" DEFAULT 'issued' NOT NULL,
	"order_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"credit_note_for_id" integer,
	"return_id" integer,
	"issued_on" date NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"ship_to" jsonb NOT NULL,
	"place_of_supply" text NOT NULL,
	"supply_type" "shop_supply_type" NOT NULL,
	"buyer_gstin" text,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"round_off_paise" integer NOT NULL,
	"total_paise" bigint NOT NULL,
	"amount_in_words" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_bills_number_length_check" CHECK (char_length("shop_bills"."bill_number") <= 16)
);
--> statement-breakpoint
CREATE TABLE "shop_cart_allocations" (
	"cart_line_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shop_cart_allocations_cart_line_id_address_id_pk" PRIMARY KEY("cart_line_id","address_id"),
	CONSTRAINT "shop_cart_allocations_quantity_check" CHECK ("shop_cart_allocations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_cart_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_cart_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_cart_lines_quantity_check" CHECK ("shop_cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_carts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_carts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"billing_address_id" integer,
	"billing_mode" "shop_billing_mode" DEFAULT 'per_shipment' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"unit" "product_unit" NOT NULL,
	"hsn_code" text NOT NULL,
	"gst_rate" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shop_order_lines_quantity_check" CHECK ("shop_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_number" text NOT NULL,
	"client_id" integer NOT NULL,
	"status" "shop_order_status" DEFAULT 'placed' NOT NULL,
	"billing_mode" "shop_billing_mode" DEFAULT 'per_shipment' NOT NULL,
	"billing_address" jsonb NOT NULL,
	"notes" text,
	"currency" text DEFAULT 'INR' NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"line_count" integer NOT NULL,
	"unit_count" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"placed_by" integer,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_return_lines" (
	"return_id" integer NOT NULL,
	"shipment_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shop_return_lines_return_id_shipment_line_id_pk" PRIMARY KEY("return_id","shipment_line_id"),
	CONSTRAINT "shop_return_lines_quantity_check" CHECK ("shop_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_shipment_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_shipment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_shipment_lines_quantity_check" CHECK ("shop_shipment_lines"."quantity" > 0),
	CONSTRAINT "shop_shipment_lines_returned_check" CHECK ("shop_shipment_lines"."returned_quantity" >= 0 and "shop_shipment_lines"."returned_quantity" <= "shop_shipment_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "shop_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"status" "shop_shipment_status" DEFAULT 'pending' NOT NULL,
	"address" jsonb NOT NULL,
	"supply_type" "shop_supply_type" NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"shipped_on" date,
	"packed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bill_lines" ADD CONSTRAINT "shop_bill_lines_bill_id_shop_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."shop_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bill_lines" ADD CONSTRAINT "shop_bill_lines_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bill_shipments" ADD CONSTRAINT "shop_bill_shipments_bill_id_shop_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."shop_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bill_shipments" ADD CONSTRAINT "shop_bill_shipments_shipment_id_shop_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shop_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bills" ADD CONSTRAINT "shop_bills_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bills" ADD CONSTRAINT "shop_bills_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bills" ADD CONSTRAINT "shop_bills_credit_note_for_id_shop_bills_id_fk" FOREIGN KEY ("credit_note_for_id") REFERENCES "public"."shop_bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bills" ADD CONSTRAINT "shop_bills_return_id_shop_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."shop_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bills" ADD CONSTRAINT "shop_bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_allocations" ADD CONSTRAINT "shop_cart_allocations_cart_line_id_shop_cart_lines_id_fk" FOREIGN KEY ("cart_line_id") REFERENCES "public"."shop_cart_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_allocations" ADD CONSTRAINT "shop_cart_allocations_address_id_shop_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."shop_addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_lines" ADD CONSTRAINT "shop_cart_lines_cart_id_shop_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."shop_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_lines" ADD CONSTRAINT "shop_cart_lines_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_carts" ADD CONSTRAINT "shop_carts_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_carts" ADD CONSTRAINT "shop_carts_billing_address_id_shop_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."shop_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_return_lines" ADD CONSTRAINT "shop_return_lines_return_id_shop_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."shop_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_return_lines" ADD CONSTRAINT "shop_return_lines_shipment_line_id_shop_shipment_lines_id_fk" FOREIGN KEY ("shipment_line_id") REFERENCES "public"."shop_shipment_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_returns" ADD CONSTRAINT "shop_returns_shipment_id_shop_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shop_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_returns" ADD CONSTRAINT "shop_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_shipment_lines" ADD CONSTRAINT "shop_shipment_lines_shipment_id_shop_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shop_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_shipment_lines" ADD CONSTRAINT "shop_shipment_lines_order_line_id_shop_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."shop_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_shipments" ADD CONSTRAINT "shop_shipments_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_addresses_client_idx" ON "shop_addresses" USING btree ("client_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_addresses_site_unique" ON "shop_addresses" USING btree ("client_id","site_id") WHERE "shop_addresses"."site_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_addresses_default_unique" ON "shop_addresses" USING btree ("client_id","kind") WHERE "shop_addresses"."is_default" and "shop_addresses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "shop_bill_shipments_shipment_idx" ON "shop_bill_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_bills_number_unique" ON "shop_bills" USING btree ("bill_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_bills_series_unique" ON "shop_bills" USING btree ("kind","financial_year","sequence");--> statement-breakpoint
CREATE INDEX "shop_bills_issued_idx" ON "shop_bills" USING btree ("issued_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_bills_client_idx" ON "shop_bills" USING btree ("client_id","issued_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_bills_order_idx" ON "shop_bills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_bills_search_trgm" ON "shop_bills" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "shop_cart_lines_product_unique" ON "shop_cart_lines" USING btree ("cart_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_carts_client_unique" ON "shop_carts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "shop_order_lines_order_idx" ON "shop_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_order_lines_product_idx" ON "shop_order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_number_unique" ON "shop_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "shop_orders_placed_idx" ON "shop_orders" USING btree ("placed_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","total_paise","tax_paise");--> statement-breakpoint
CREATE INDEX "shop_orders_client_idx" ON "shop_orders" USING btree ("client_id","placed_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","total_paise","tax_paise");--> statement-breakpoint
CREATE INDEX "shop_orders_status_idx" ON "shop_orders" USING btree ("status","placed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_orders_search_trgm" ON "shop_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shop_returns_shipment_idx" ON "shop_returns" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_shipment_lines_unique" ON "shop_shipment_lines" USING btree ("shipment_id","order_line_id");--> statement-breakpoint
CREATE INDEX "shop_shipment_lines_order_line_idx" ON "shop_shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_shipments_order_sequence_unique" ON "shop_shipments" USING btree ("order_id","sequence");--> statement-breakpoint
CREATE INDEX "shop_shipments_open_idx" ON "shop_shipments" USING btree ("status") WHERE "shop_shipments"."status" in ('pending', 'packed');