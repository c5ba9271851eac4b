CREATE TABLE "inspection_result_days" (
	"day" date NOT NULL,
	"result" "inspection_result" NOT NULL,
	"inspections" integer NOT NULL,
	CONSTRAINT "inspection_result_days_day_result_pk" PRIMARY KEY("day","result")
);
--> statement-breakpoint
CREATE TABLE "site_status_counts" (
	"status" "site_status" PRIMARY KEY NOT NULL,
	"sites" integer NOT NULL
);
--> statement-breakpoint
-- Both summaries work as equipment_due_counts does (migration 0013): statement triggers add each
-- statement's new rows and take away its old rows, grouped by key, in one upsert in key order (so
-- concurrent writers lock summary rows in the same order and increments compose under row locks).
-- Keys brought down to zero are removed.
CREATE FUNCTION site_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM site_status_counts;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO site_status_counts AS c (status, sites)
    SELECT status, count(*)::int FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET sites = c.sites + excluded.sites;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO site_status_counts AS c (status, sites)
    SELECT status, -count(*)::int FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET sites = c.sites + excluded.sites;
  ELSE
    -- UPDATE: only statuses whose count changes are written (an edit of a name writes nothing).
    INSERT INTO site_status_counts AS c (status, sites)
    SELECT status, sum(delta)::int FROM (
      SELECT status, 1 AS delta FROM new_rows
      UNION ALL
      SELECT status, -1 AS delta FROM old_rows
    ) AS moves
    GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
    ON CONFLICT (status) DO UPDATE SET sites = c.sites + excluded.sites;
  END IF;
  DELETE FROM site_status_counts AS c
  WHERE c.sites = 0 AND EXISTS (SELECT 1 FROM old_rows AS o WHERE o.status = c.status);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER site_status_counts_on_insert
  AFTER INSERT ON sites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER site_status_counts_on_update
  AFTER UPDATE ON sites REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER site_status_counts_on_delete
  AFTER DELETE ON sites REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER site_status_counts_on_truncate
  AFTER TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION site_status_counts_apply();
--> statement-breakpoint
-- Counted: completed inspections with a result and a completion time, by UTC day of completion.
-- In-progress rows (the inspector's autosaves) count nowhere, so their updates write nothing here.
CREATE FUNCTION inspection_result_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM inspection_result_days;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO inspection_result_days AS c (day, result, inspections)
    SELECT (completed_at AT TIME ZONE 'UTC')::date, result, count(*)::int FROM new_rows
    WHERE status = 'completed' AND result IS NOT NULL AND completed_at IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, result) DO UPDATE SET inspections = c.inspections + excluded.inspections;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO inspection_result_days AS c (day, result, inspections)
    SELECT (completed_at AT TIME ZONE 'UTC')::date, result, -count(*)::int FROM old_rows
    WHERE status = 'completed' AND result IS NOT NULL AND completed_at IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, result) DO UPDATE SET inspections = c.inspections + excluded.inspections;
  ELSE
    INSERT INTO inspection_result_days AS c (day, result, inspections)
    SELECT day, result, sum(delta)::int FROM (
      SELECT (completed_at AT TIME ZONE 'UTC')::date AS day, result, 1 AS delta FROM new_rows
      WHERE status = 'completed' AND result IS NOT NULL AND completed_at IS NOT NULL
      UNION ALL
      SELECT (completed_at AT TIME ZONE 'UTC')::date AS day, result, -1 AS delta FROM old_rows
      WHERE status = 'completed' AND result IS NOT NULL AND completed_at IS NOT NULL
    ) AS moves
    GROUP BY day, result HAVING sum(delta) <> 0 ORDER BY day, result
    ON CONFLICT (day, result) DO UPDATE SET inspections = c.inspections + excluded.inspections;
  END IF;
  DELETE FROM inspection_result_days AS c
  WHERE c.inspections = 0
    AND EXISTS (
      SELECT 1 FROM old_rows AS o
      WHERE o.status = 'completed' AND o.result = c.result
        AND (o.completed_at AT TIME ZONE 'UTC')::date = c.day
    );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inspection_result_days_on_insert
  AFTER INSERT ON inspections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inspection_result_days_apply();
--> statement-breakpoint
CREATE TRIGGER inspection_result_days_on_update
  AFTER UPDATE ON inspections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inspection_result_days_apply();
--> statement-breakpoint
CREATE TRIGGER inspection_result_days_on_delete
  AFTER DELETE ON inspections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inspection_result_days_apply();
--> statement-breakpoint
CREATE TRIGGER inspection_result_days_on_truncate
  AFTER TRUNCATE ON inspections
  FOR EACH STATEMENT EXECUTE FUNCTION inspection_result_days_apply();
--> statement-breakpoint
-- Backfill under locks that block writes to both tables until the migration commits, so no write
-- falls between the counts and the triggers.
LOCK TABLE sites, inspections IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO site_status_counts (status, sites) SELECT status, count(*)::int FROM sites GROUP BY status;
--> statement-breakpoint
INSERT INTO inspection_result_days (day, result, inspections)
SELECT (completed_at AT TIME ZONE 'UTC')::date, result, count(*)::int FROM inspections
WHERE status = 'completed' AND result IS NOT NULL AND completed_at IS NOT NULL
GROUP BY 1, 2;
