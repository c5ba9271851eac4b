import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconHistory, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListFooter } from '@/components/ui/list-footer';
import { paths } from '@/config/paths';
import { useActivity } from '../api/get-activity';
import { ActivityCard } from './activity-event';

const HISTORY_PAGE_SIZE = 10;

interface ActivityHistoryProps {
  /** The record: its audit entity type (site, equipment, template, user) and id. */
  entityType: string;
  entityId: number;
  /** A heading above the list (a drawer's section); a tab names itself. */
  title?: string;
  /** The record is a person (a user): also link to everything they did (the log filtered by actor). */
  actorLink?: boolean;
}

/**
 * A record's own history (the Activity tab of a site, the Activity section of a unit, a template, a
 * user): every change to it, newest first, each opening its before/after field by field, with a link
 * to the full activity log filtered to it.
 */
export function ActivityHistory({ entityType, entityId, title, actorLink = false }: ActivityHistoryProps) {
  const [page, setPage] = useState(1);
  const query = useActivity({
    entity_type: entityType,
    entity_id: String(entityId),
    page,
    limit: HISTORY_PAGE_SIZE,
  });
  const events = query.data?.events ?? [];
  const total = query.data?.pagination.total ?? 0;
  const logLink = `${paths.activity}?object=${encodeURIComponent(`${entityType}:${entityId}`)}`;

  let body = null;
  if (query.isPending)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading activity">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={72} radius="sm" />
        ))}
      </Stack>
    );
  else if (query.isError && events.length === 0)
    body = (
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          The activity could not be loaded.
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          onClick={() => query.refetch()}
        >
          Try again
        </Button>
      </Group>
    );
  else if (events.length === 0)
    body = (
      <Text size="sm" c="dimmed" data-testid="activity-history-empty">
        No changes recorded yet.
      </Text>
    );
  else
    body = (
      <Stack gap="sm" opacity={query.isPlaceholderData ? 0.7 : 1}>
        {events.map((event) => (
          <ActivityCard key={event.id} event={event} showObject={false} />
        ))}
        {total > HISTORY_PAGE_SIZE ? (
          <ListFooter
            page={page}
            limit={HISTORY_PAGE_SIZE}
            total={total}
            totalIsCapped={query.data?.pagination.totalIsCapped}
            onPage={setPage}
            noun={['change', 'changes']}
          />
        ) : null}
      </Stack>
    );

  return (
    <Stack gap="sm" data-testid="activity-history">
      <Group justify="space-between" gap="xs" wrap="wrap">
        {title ? (
          <Group gap={6}>
            <IconHistory size={18} aria-hidden="true" />
            <Title order={3} fz="md">
              {title}
            </Title>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Every change to this record, newest first.
          </Text>
        )}
        <Group gap="sm">
          <Anchor component={Link} to={logLink} size="sm">
            <Group gap={4} wrap="nowrap">
              Open in the activity log <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
          {actorLink ? (
            <Anchor component={Link} to={`${paths.activity}?actor=${entityId}`} size="sm">
              <Group gap={4} wrap="nowrap">
                Everything they did <IconExternalLink size={14} aria-hidden="true" />
              </Group>
            </Anchor>
          ) : null}
        </Group>
      </Group>
      {body}
    </Stack>
  );
}
