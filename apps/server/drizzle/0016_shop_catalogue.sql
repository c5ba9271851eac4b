CREATE TYPE "public"."product_unit" AS ENUM('piece', 'kg', 'litre', 'set');--> statement-breakpoint
CREATE TYPE "public"."shop_status" AS ENUM('active', 'archived');--> statement-breakpoint
CREATE TYPE "public"."stock_movement_kind" AS ENUM('receive', 'adjust', 'write_off', 'reserve', 'release', 'ship', 'return');--> statement-breakpoint
CREATE TABLE "shop_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"parent_id" integer,
	"status" "shop_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_product_equipment_types" (
	"product_id" integer NOT NULL,
	"equipment_type_id" integer NOT NULL,
	CONSTRAINT "shop_product_equipment_types_product_id_equipment_type_id_pk" PRIMARY KEY("product_id","equipment_type_id")
);
--> statement-breakpoint
CREATE TABLE "shop_product_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_product_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"description" text,
	"unit" "product_unit" NOT NULL,
	"price_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"hsn_code" text NOT NULL,
	"gst_rate" integer NOT NULL,
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"average_cost_paise" integer DEFAULT 0 NOT NULL,
	"status" "shop_status" DEFAULT 'active' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(sku || ' ' || name)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_products_price_check" CHECK ("shop_products"."price_paise" >= 0),
	CONSTRAINT "shop_products_gst_rate_check" CHECK ("shop_products"."gst_rate" in (0, 5, 12, 18, 28)),
	CONSTRAINT "shop_products_hsn_check" CHECK ("shop_products"."hsn_code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'),
	CONSTRAINT "shop_products_stock_check" CHECK ("shop_products"."reserved" >= 0 and "shop_products"."on_hand" >= "shop_products"."reserved"),
	CONSTRAINT "shop_products_reorder_check" CHECK ("shop_products"."reorder_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"kind" "stock_movement_kind" NOT NULL,
	"quantity_delta" integer NOT NULL,
	"reserved_delta" integer DEFAULT 0 NOT NULL,
	"on_hand_before" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"unit_cost_paise" integer,
	"supplier_reference" text,
	"reason" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_stock_movements_after_check" CHECK ("shop_stock_movements"."on_hand_after" = "shop_stock_movements"."on_hand_before" + "shop_stock_movements"."quantity_delta")
);
--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_parent_id_shop_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."shop_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_equipment_types" ADD CONSTRAINT "shop_product_equipment_types_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_equipment_types" ADD CONSTRAINT "shop_product_equipment_types_equipment_type_id_equipment_types_id_fk" FOREIGN KEY ("equipment_type_id") REFERENCES "public"."equipment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_images" ADD CONSTRAINT "shop_product_images_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_category_id_shop_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_movements" ADD CONSTRAINT "shop_stock_movements_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_movements" ADD CONSTRAINT "shop_stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_categories_sibling_name_unique" ON "shop_categories" USING btree (coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "shop_categories_parent_idx" ON "shop_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "shop_product_equipment_types_type_idx" ON "shop_product_equipment_types" USING btree ("equipment_type_id");--> statement-breakpoint
CREATE INDEX "shop_product_images_product_idx" ON "shop_product_images" USING btree ("product_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_products_sku_unique" ON "shop_products" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "shop_products_search_trgm" ON "shop_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shop_products_name_idx" ON "shop_products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "shop_products_category_idx" ON "shop_products" USING btree ("category_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "shop_stock_movements_product_idx" ON "shop_stock_movements" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shop_stock_movements_created_idx" ON "shop_stock_movements" USING btree ("created_at");