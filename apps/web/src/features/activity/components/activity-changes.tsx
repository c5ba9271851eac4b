import type { AuditChange } from '@inspecta/contract';
import { Text } from '@mantine/core';
import { humanize } from '../lib/labels';
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
    <div role="cell" className={`${classes.cell} ${className}`}>
      <span className={classes.tag}>{tag}:</span>
      {value === null || value === '' ? <span className={classes.empty}>empty</span> : value}
    </div>
  );
}

/** An event's difference field by field: each changed field, its value before and after. */
export function ActivityChanges({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="activity-no-changes">
        No field values were recorded for this event.
      </Text>
    );
  return (
    <div className={classes.changes} role="table" aria-label="Changes" data-testid="activity-changes">
      <div role="row" style={{ display: 'contents' }}>
        <div role="columnheader" className={classes.head}>
          Field
        </div>
        <div role="columnheader" className={classes.head}>
          Before
        </div>
        <div role="columnheader" className={classes.head}>
          After
        </div>
      </div>
      {changes.map((change) => (
        <div
          key={change.field}
          role="row"
          style={{ display: 'contents' }}
          data-testid="activity-change"
          data-field={change.field}
        >
          <div role="cell" className={`${classes.cell} ${classes.field}`}>
            {humanize(change.field)}
          </div>
          <Value value={change.from} tag="Before" className={classes.before} />
          <Value value={change.to} tag="After" className={classes.after} />
        </div>
      ))}
    </div>
  );
}
