import {
  CORRECTIVE_ACTION_COMMENT_MAX,
  CORRECTIVE_ACTION_PHOTO_MAX_BYTES,
  CORRECTIVE_ACTION_PHOTOS_MAX,
  type CorrectiveActionDetail,
} from '@inspecta/contract';
import {
  Badge,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessage, IconPhotoPlus, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useAddCorrectiveActionComment } from '../api/add-corrective-action-comment';
import { CommentBubble } from './comment-bubble';

const MAX_MB = CORRECTIVE_ACTION_PHOTO_MAX_BYTES / (1024 * 1024);

/** The action's conversation: comments with photos, oldest first, and a box to add one. */
export function ActionComments({ action }: { action: CorrectiveActionDetail }) {
  const add = useAddCorrectiveActionComment();
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [visibleToClient, setVisibleToClient] = useState(false);
  // Only a site with a client has someone to share with.
  const hasClient = action.site.clientId !== null;

  const choose = (files: File[]) => {
    const fitting = files.filter((f) => f.size <= CORRECTIVE_ACTION_PHOTO_MAX_BYTES);
    if (fitting.length < files.length)
      notifications.show({
        color: 'red',
        title: 'Photo too large',
        message: `Each photo may be at most ${MAX_MB} MB.`,
      });
    const next = [...photos, ...fitting].slice(0, CORRECTIVE_ACTION_PHOTOS_MAX);
    if (photos.length + fitting.length > CORRECTIVE_ACTION_PHOTOS_MAX)
      notifications.show({
        color: 'yellow',
        message: `At most ${CORRECTIVE_ACTION_PHOTOS_MAX} photos per comment.`,
      });
    setPhotos(next);
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim() && photos.length === 0) {
      setError('Write a comment or add a photo');
      return;
    }
    setError(null);
    try {
      const result = await add.mutateAsync({
        id: action.id,
        body: body.trim(),
        photos,
        visibleToClient: hasClient && visibleToClient,
      });
      notifications.show({ color: 'teal', message: result.message });
      setBody('');
      setPhotos([]);
      setVisibleToClient(false);
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.fieldErrors().body ?? e.message);
    }
  };

  return (
    <Paper withBorder bg="white" p="md" component="section" aria-labelledby="action-comments-heading">
      <Group gap={6} mb="sm">
        <IconMessage size={18} aria-hidden="true" />
        <Title order={2} fz="h4" id="action-comments-heading">
          Comments ({action.comments.length})
        </Title>
      </Group>
      <Stack gap="sm" mb="md" data-testid="action-comments">
        {action.comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No comments yet. Note what was done, what is waiting, and add photos of the work.
          </Text>
        ) : (
          action.comments.map((comment) => (
            <CommentBubble
              key={comment.id}
              author={comment.author?.name ?? 'System'}
              createdAt={comment.createdAt}
              body={comment.body}
              photos={comment.photos}
              testId="action-comment"
              badge={
                hasClient && comment.visibleToClient ? (
                  <Badge size="xs" variant="light" color="teal" c="teal.9" data-testid="comment-shared">
                    Visible to the client
                  </Badge>
                ) : null
              }
            />
          ))
        )}
      </Stack>
      <form onSubmit={send} noValidate>
        <Stack gap="xs">
          <Textarea
            label="Add a comment"
            placeholder="What was done, what is waiting…"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={CORRECTIVE_ACTION_COMMENT_MAX}
            value={body}
            error={error}
            onChange={(e) => {
              setBody(e.currentTarget.value);
              setError(null);
            }}
            data-testid="action-comment-body"
          />
          {hasClient ? (
            <Checkbox
              label="Visible to the client"
              description="The site's client sees this comment in the portal"
              checked={visibleToClient}
              onChange={(e) => setVisibleToClient(e.currentTarget.checked)}
              data-testid="action-comment-visible"
            />
          ) : null}
          {photos.length ? (
            <Group gap="xs" data-testid="action-comment-photos">
              {photos.map((file) => (
                <Paper
                  key={`${file.name}-${file.size}-${file.lastModified}`}
                  withBorder
                  px="xs"
                  py={2}
                  radius="sm"
                >
                  <Group gap={4} wrap="nowrap">
                    <Text size="xs" maw={160} truncate>
                      {file.name}
                    </Text>
                    <CloseButton
                      size="sm"
                      aria-label={`Remove ${file.name}`}
                      onClick={() => setPhotos(photos.filter((p) => p !== file))}
                    />
                  </Group>
                </Paper>
              ))}
            </Group>
          ) : null}
          <Group justify="space-between" gap="xs">
            <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp" multiple>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="sm"
                  leftSection={<IconPhotoPlus size={16} aria-hidden="true" />}
                  disabled={photos.length >= CORRECTIVE_ACTION_PHOTOS_MAX}
                >
                  Add photos
                </Button>
              )}
            </FileButton>
            <Button
              type="submit"
              size="sm"
              leftSection={<IconSend size={16} aria-hidden="true" />}
              loading={add.isPending}
              data-testid="action-comment-send"
            >
              Post comment
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
