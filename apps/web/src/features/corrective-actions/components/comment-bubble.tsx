import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/utils/format-relative-time';
import { PhotoStrip } from './photo-strip';

/**
 * One comment of an action's conversation: who and when, the text, and its photos. The dashboard
 * and the client portal show the same bubble; the portal tints the client's own ones.
 */
export function CommentBubble({
  author,
  createdAt,
  body,
  photos,
  badge,
  own = false,
  testId,
  authorRole,
}: {
  author: string;
  createdAt: string;
  body: string | null;
  photos: string[];
  /** Beside the author (e.g. "Visible to the client"). */
  badge?: ReactNode;
  own?: boolean;
  testId: string;
  authorRole?: string;
}) {
  return (
    <Paper bg={own ? 'brand.0' : 'gray.0'} p="sm" radius="md" data-testid={testId} data-author={authorRole}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {author}
          </Text>
          {badge}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(createdAt)}
        </Text>
      </Group>
      {body ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {body}
        </Text>
      ) : null}
      {photos.length ? (
        <Group mt="xs">
          <PhotoStrip urls={photos} title={`Comment by ${own ? 'you' : author}`} />
        </Group>
      ) : null}
    </Paper>
  );
}
