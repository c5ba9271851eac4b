import type { ActivityEvent } from '@inspecta/contract';
import { Anchor, Button, Collapse, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { entityTypeLabel } from '../lib/labels';
import classes from './activity.module.css';
import { ActivityChanges } from './activity-changes';

export function actorName(event: ActivityEvent): string {
  return event.actor?.name ?? 'System';
}

/** When it happened: the date and time, and how long ago (under it, or after it on one line). */
export function EventTime({ at, inline = false }: { at: string; inline?: boolean }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatDateTime(at)}
      {inline ? ' · ' : null}
      <Text span size="xs" c="dimmed" display={inline ? 'inline' : 'block'}>
        {formatRelativeTime(at)}
      </Text>
    </time>
  );
}

/** Which object: its name, linked to its screen while it exists, and its kind. */
export function EventObject({ event }: { event: ActivityEvent }) {
  const label = event.object ?? (event.entityId ? `#${event.entityId}` : entityTypeLabel(event.entityType));
  return (
    <div className={classes.summary}>
      {event.link ? (
        <Anchor component={Link} to={event.link} size="sm" fw={500}>
          {label}
        </Anchor>
      ) : (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {entityTypeLabel(event.entityType)}
      </Text>
    </div>
  );
}

/** "Show changes (3)": opens the event's before/after under it. */
export function ChangesToggle({
  count,
  open,
  onToggle,
  controls,
  subject,
}: {
  count: number;
  open: boolean;
  onToggle: () => void;
  controls: string;
  subject: string;
}) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`${open ? 'Hide' : 'Show'} the changes of: ${subject}`}
      rightSection={
        open ? (
          <IconChevronUp size={14} aria-hidden="true" />
        ) : (
          <IconChevronDown size={14} aria-hidden="true" />
        )
      }
      data-testid="activity-toggle"
    >
      {open ? 'Hide changes' : `Show changes (${count})`}
    </Button>
  );
}

/** One event as a card: who did what to which object and when, its changes folded under it. */
export function ActivityCard({
  event,
  showObject = true,
  defaultOpen = false,
}: {
  event: ActivityEvent;
  showObject?: boolean;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const subject = `${actorName(event)} ${event.verb}${event.object ? ` ${event.object}` : ''}`;
  return (
    <Paper
      withBorder
      bg="white"
      p="sm"
      className={classes.event}
      data-testid="activity-row"
      data-action={event.action}
    >
      <Stack gap={6}>
        <div className={classes.summary}>
          <Text size="sm">
            <Text span fw={600}>
              {actorName(event)}
            </Text>{' '}
            {event.verb}
          </Text>
          <Text size="xs" c="dimmed">
            {event.action} · <EventTime at={event.at} inline />
          </Text>
        </div>
        {showObject ? <EventObject event={event} /> : null}
        <div>
          <ChangesToggle
            count={event.changes.length}
            open={open}
            onToggle={() => setOpen((was) => !was)}
            controls={id}
            subject={subject}
          />
        </div>
        <Collapse in={open} id={id}>
          {open ? <ActivityChanges changes={event.changes} entityType={event.entityType} /> : null}
        </Collapse>
      </Stack>
    </Paper>
  );
}
