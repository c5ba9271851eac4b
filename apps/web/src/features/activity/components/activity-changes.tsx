import type { AuditChange } from '@inspecta/contract';
import { Text } from '@mantine/core';
import { fieldLabel } from '../lib/field-labels';
import { readableValue } from '../lib/labels';
import classes from './activity.module.css';

function Value({
  value,
  tag,
  className,
}: {
  value: string | null;
  tag: string;
  className: string | undefined;
}) {
  return (
    <td className={`${classes.cell} ${className}`}>
      <span className={classes.tag}>{tag}: </span>
      {value === null || value === '' ? <span className={classes.empty}>empty</span> : readableValue(value)}
    </td>
  );
}

/**
 * An event's difference field by field: each changed field, named as the record's form names it
 * (`entityType`: the kind of record, for `fieldLabel`), its value before and after.
 */
export function ActivityChanges({ changes, entityType }: { changes: AuditChange[]; entityType: string }) {
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="activity-no-changes">
        No field values were recorded for this event.
      </Text>
    );
  return (
    <table className={classes.changes} data-testid="activity-changes">
      <caption className={classes.caption}>Changes, field by field</caption>
      <thead>
        <tr>
          <th scope="col" className={classes.head}>
            Field
          </th>
          <th scope="col" className={classes.head}>
            Before
          </th>
          <th scope="col" className={classes.head}>
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} data-testid="activity-change" data-field={change.field}>
            <th scope="row" className={`${classes.cell} ${classes.field}`}>
              {fieldLabel(entityType, change.field)}
            </th>
            <Value value={change.from} tag="Before" className={classes.before} />
            <Value value={change.to} tag="After" className={classes.after} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
