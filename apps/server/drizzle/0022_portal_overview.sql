ALTER TABLE "equipment" ADD COLUMN "last_result" "inspection_result";--> statement-breakpoint
CREATE INDEX "equipment_site_overview_idx" ON "equipment" USING btree ("site_id","status","next_due_on","last_result");--> statement-breakpoint
-- equipment.last_result is the result of the unit's latest completed inspection (its newest
-- inspection_units row), so the client portal counts failed units from equipment alone. Statement
-- triggers on inspection_units keep it: each statement re-reads the latest row of every unit it
-- touched (one index probe per unit on inspection_units_equipment_idx), so the order rows arrive in
-- and a deleted latest row both come out right. The app never writes the column.
CREATE FUNCTION equipment_last_result_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE equipment AS e
    SET last_result = (
      SELECT u.result FROM inspection_units AS u
      WHERE u.equipment_id = e.id
      ORDER BY u.completed_at DESC, u.inspection_id DESC
      LIMIT 1
    )
    WHERE e.id IN (SELECT equipment_id FROM new_rows);
  ELSE
    UPDATE equipment AS e
    SET last_result = (
      SELECT u.result FROM inspection_units AS u
      WHERE u.equipment_id = e.id
      ORDER BY u.completed_at DESC, u.inspection_id DESC
      LIMIT 1
    )
    WHERE e.id IN (SELECT equipment_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER equipment_last_result_on_insert
  AFTER INSERT ON inspection_units REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_last_result_apply();
--> statement-breakpoint
CREATE TRIGGER equipment_last_result_on_delete
  AFTER DELETE ON inspection_units REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_last_result_apply();
--> statement-breakpoint
-- Backfill under a lock that blocks inspection_units writes until the migration commits, so no
-- inspection falls between the backfill and the triggers.
LOCK TABLE inspection_units IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE equipment AS e
SET last_result = latest.result
FROM (
  SELECT DISTINCT ON (equipment_id) equipment_id, result
  FROM inspection_units
  ORDER BY equipment_id, completed_at DESC, inspection_id DESC
) AS latest
WHERE e.id = latest.equipment_id;
