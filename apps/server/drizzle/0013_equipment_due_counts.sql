CREATE TABLE "equipment_due_counts" (
	"status" "equipment_status" NOT NULL,
	"next_due_on" date,
	"units" integer NOT NULL,
	CONSTRAINT "equipment_due_counts_key" UNIQUE NULLS NOT DISTINCT("status","next_due_on")
);
--> statement-breakpoint
-- The summary is kept in step by statement triggers on equipment: each statement adds its new
-- rows and takes away its old rows, grouped by (status, next_due_on), with one upsert in key order
-- (so concurrent writers lock summary rows in the same order and increments compose under row
-- locks). A key brought down to zero units is removed, so the table holds only dates in use.
CREATE FUNCTION equipment_due_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM equipment_due_counts;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO equipment_due_counts AS c (status, next_due_on, units)
    SELECT status, next_due_on, count(*)::int FROM new_rows
    GROUP BY status, next_due_on ORDER BY status, next_due_on
    ON CONFLICT ON CONSTRAINT equipment_due_counts_key DO UPDATE SET units = c.units + excluded.units;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO equipment_due_counts AS c (status, next_due_on, units)
    SELECT status, next_due_on, -count(*)::int FROM old_rows
    GROUP BY status, next_due_on ORDER BY status, next_due_on
    ON CONFLICT ON CONSTRAINT equipment_due_counts_key DO UPDATE SET units = c.units + excluded.units;
  ELSE
    -- UPDATE: only keys whose count changes are written (an edit of a name writes nothing).
    INSERT INTO equipment_due_counts AS c (status, next_due_on, units)
    SELECT status, next_due_on, sum(delta)::int FROM (
      SELECT status, next_due_on, 1 AS delta FROM new_rows
      UNION ALL
      SELECT status, next_due_on, -1 AS delta FROM old_rows
    ) AS moves
    GROUP BY status, next_due_on HAVING sum(delta) <> 0 ORDER BY status, next_due_on
    ON CONFLICT ON CONSTRAINT equipment_due_counts_key DO UPDATE SET units = c.units + excluded.units;
  END IF;
  -- Only keys that lost units can have reached zero; this transaction holds their row locks.
  DELETE FROM equipment_due_counts AS c
  WHERE c.units = 0
    AND EXISTS (
      SELECT 1 FROM old_rows AS o
      WHERE o.status = c.status AND o.next_due_on IS NOT DISTINCT FROM c.next_due_on
    );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Transition tables allow one event per trigger, hence one trigger per write kind.
CREATE TRIGGER equipment_due_counts_on_insert
  AFTER INSERT ON equipment REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_counts_apply();
--> statement-breakpoint
CREATE TRIGGER equipment_due_counts_on_update
  AFTER UPDATE ON equipment REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_counts_apply();
--> statement-breakpoint
CREATE TRIGGER equipment_due_counts_on_delete
  AFTER DELETE ON equipment REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_counts_apply();
--> statement-breakpoint
CREATE TRIGGER equipment_due_counts_on_truncate
  AFTER TRUNCATE ON equipment
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_counts_apply();
--> statement-breakpoint
-- Backfill under a lock that blocks equipment writes until the migration commits, so no write
-- falls between the count and the triggers.
LOCK TABLE equipment IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO equipment_due_counts (status, next_due_on, units)
SELECT status, next_due_on, count(*)::int FROM equipment GROUP BY status, next_due_on;
