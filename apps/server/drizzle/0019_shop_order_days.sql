CREATE TABLE "shop_order_days" (
	"day" date NOT NULL,
	"status" "shop_order_status" NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer NOT NULL,
	"total_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	CONSTRAINT "shop_order_days_day_status_shard_pk" PRIMARY KEY("day","status","shard")
);
--> statement-breakpoint
-- Kept as inspection_result_days is (migration 0014): statement triggers add each statement's new
-- rows and take away its old rows, grouped by key, in one upsert in key order (concurrent writers
-- lock summary rows in the same order; increments compose under row locks). An update that changes
-- neither the day, the status nor the sums (a search-text append, a confirmation time) writes
-- nothing. Keys brought down to zero orders are removed.
CREATE FUNCTION shop_order_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM shop_order_days;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shop_order_days AS c (day, status, shard, orders, total_paise, tax_paise)
    SELECT (placed_at AT TIME ZONE 'UTC')::date, status, (id % 8)::smallint,
           count(*)::int, sum(total_paise)::bigint, sum(tax_paise)::bigint
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, status, shard) DO UPDATE SET orders = c.orders + excluded.orders,
      total_paise = c.total_paise + excluded.total_paise, tax_paise = c.tax_paise + excluded.tax_paise;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO shop_order_days AS c (day, status, shard, orders, total_paise, tax_paise)
    SELECT (placed_at AT TIME ZONE 'UTC')::date, status, (id % 8)::smallint,
           -count(*)::int, -sum(total_paise)::bigint, -sum(tax_paise)::bigint
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, status, shard) DO UPDATE SET orders = c.orders + excluded.orders,
      total_paise = c.total_paise + excluded.total_paise, tax_paise = c.tax_paise + excluded.tax_paise;
  ELSE
    INSERT INTO shop_order_days AS c (day, status, shard, orders, total_paise, tax_paise)
    SELECT day, status, shard, sum(n)::int, sum(total)::bigint, sum(tax)::bigint FROM (
      SELECT (placed_at AT TIME ZONE 'UTC')::date AS day, status, (id % 8)::smallint AS shard,
             1 AS n, total_paise AS total, tax_paise AS tax FROM new_rows
      UNION ALL
      SELECT (placed_at AT TIME ZONE 'UTC')::date, status, (id % 8)::smallint,
             -1, -total_paise, -tax_paise FROM old_rows
    ) AS moves
    GROUP BY day, status, shard HAVING sum(n) <> 0 OR sum(total) <> 0 OR sum(tax) <> 0
    ORDER BY day, status, shard
    ON CONFLICT (day, status, shard) DO UPDATE SET orders = c.orders + excluded.orders,
      total_paise = c.total_paise + excluded.total_paise, tax_paise = c.tax_paise + excluded.tax_paise;
  END IF;
  DELETE FROM shop_order_days AS c
  WHERE c.orders = 0
    AND EXISTS (
      SELECT 1 FROM old_rows AS o
      WHERE o.status = c.status AND (o.id % 8) = c.shard AND (o.placed_at AT TIME ZONE 'UTC')::date = c.day
    );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shop_order_days_on_insert
  AFTER INSERT ON shop_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_order_days_apply();
--> statement-breakpoint
CREATE TRIGGER shop_order_days_on_update
  AFTER UPDATE ON shop_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_order_days_apply();
--> statement-breakpoint
CREATE TRIGGER shop_order_days_on_delete
  AFTER DELETE ON shop_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_order_days_apply();
--> statement-breakpoint
CREATE TRIGGER shop_order_days_on_truncate
  AFTER TRUNCATE ON shop_orders
  FOR EACH STATEMENT EXECUTE FUNCTION shop_order_days_apply();
--> statement-breakpoint
-- The orders placed before this migration.
INSERT INTO shop_order_days (day, status, shard, orders, total_paise, tax_paise)
SELECT (placed_at AT TIME ZONE 'UTC')::date, status, (id % 8)::smallint,
       count(*)::int, sum(total_paise)::bigint, sum(tax_paise)::bigint
FROM shop_orders GROUP BY 1, 2, 3;
