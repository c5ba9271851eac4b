import {
  CORRECTIVE_ACTION_PHOTO_MAX_BYTES,
  PORTAL_COMMENT_MAX,
  PORTAL_EVIDENCE_NOTE_MAX,
  type PortalActionDetail,
  portalCommentBodySchema,
  portalEvidenceFieldsSchema,
} from '@inspecta/contract';
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCamera, IconMessage, IconSearch, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { RetryRow } from '@/components/ui/retry-row';
import { paths, portalPaths } from '@/config/paths';
import {
  ActionPriorityBadge,
  ActionStatusBadge,
  CommentBubble,
  OverdueBadge,
} from '@/features/corrective-actions';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { useAddPortalComment } from '../api/add-comment';
import { usePortalAction } from '../api/get-action';
import { useUploadPortalEvidence } from '../api/upload-evidence';

const MAX_MB = CORRECTIVE_ACTION_PHOTO_MAX_BYTES / (1024 * 1024);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={90} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

function CommentForm({ actionId }: { actionId: number }) {
  const add = useAddPortalComment();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = portalCommentBodySchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a comment');
      return;
    }
    try {
      const result = await add.mutateAsync({ id: actionId, body: parsed.data });
      notifications.show({ color: 'teal', message: result.message });
      setBody('');
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.fieldErrors().body ?? e.message);
    }
  };
  return (
    <form onSubmit={send} noValidate>
      <Stack gap="xs">
        <Textarea
          label="Add a comment"
          placeholder="A question, or what you have done…"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={PORTAL_COMMENT_MAX}
          value={body}
          error={error}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            setError(null);
          }}
          data-testid="portal-comment-body"
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="sm"
            leftSection={<IconSend size={16} aria-hidden="true" />}
            loading={add.isPending}
            data-testid="portal-comment-send"
          >
            Post comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Upload evidence": one photo of the fix and a note; only for an action the client owns. */
export function EvidenceForm({ actionId }: { actionId: number }) {
  const upload = useUploadPortalEvidence();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setError(null);
    if (chosen && chosen.size > CORRECTIVE_ACTION_PHOTO_MAX_BYTES) {
      setError(`The photo may be at most ${MAX_MB} MB.`);
      return;
    }
    setFile(chosen);
  };
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a photo of the work done');
      return;
    }
    const parsed = portalEvidenceFieldsSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the note');
      return;
    }
    try {
      const result = await upload.mutateAsync({ id: actionId, file, note: parsed.data.note });
      notifications.show({ color: 'teal', message: result.message });
      setFile(null);
      setNote('');
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.message);
    }
  };
  return (
    <Paper withBorder bg="white" p="md" component="section" aria-labelledby="portal-evidence-heading">
      <Title order={2} fz="h4" id="portal-evidence-heading">
        Upload evidence
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        This action is yours to fix. Send a photo of the work done; the team checks it and closes the action.
      </Text>
      <form onSubmit={send} noValidate data-testid="portal-evidence-form">
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="sm"
                  leftSection={<IconCamera size={16} aria-hidden="true" />}
                  data-testid="portal-evidence-choose"
                >
                  {file ? 'Choose another photo' : 'Choose a photo'}
                </Button>
              )}
            </FileButton>
            {file ? (
              <Paper withBorder px="xs" py={2} radius="sm" maw="100%">
                <Group gap={4} wrap="nowrap">
                  <Text size="xs" truncate maw={200}>
                    {file.name}
                  </Text>
                  <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={() => setFile(null)} />
                </Group>
              </Paper>
            ) : null}
          </Group>
          <Textarea
            label="Note"
            placeholder="What was done, by whom, when"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={PORTAL_EVIDENCE_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-testid="portal-evidence-note"
          />
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" size="sm" loading={upload.isPending} data-testid="portal-evidence-send">
              Upload evidence
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The action as the client sees it: facts, the shared comments, a comment box, and evidence when theirs. */
export function PortalActionView({ action }: { action: PortalActionDetail }) {
  return (
    <Stack gap="md">
      <Anchor component={Link} to={portalPaths.site(action.site.id)} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden="true" />
          {action.site.name}
        </Group>
      </Anchor>
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
          {action.title}
        </Title>
        <Group gap="xs" mt="xs" wrap="wrap">
          <ActionStatusBadge status={action.status} />
          <ActionPriorityBadge priority={action.priority} />
          {action.overdue ? <OverdueBadge /> : null}
          {action.ownedByYou ? (
            <Badge variant="light" color="brand" data-testid="portal-action-yours">
              Yours to fix
            </Badge>
          ) : null}
        </Group>
      </div>
      <Paper withBorder bg="white" p="md">
        <Stack gap={6}>
          <Fact label="Due">
            <Text
              span
              size="sm"
              c={action.overdue ? 'red.8' : undefined}
              fw={action.overdue ? 600 : undefined}
            >
              {formatDay(action.dueOn)}
            </Text>
          </Fact>
          <Fact label="Site">
            <Anchor component={Link} to={portalPaths.site(action.site.id)} size="sm">
              {action.site.siteCode} · {action.site.name}
            </Anchor>
          </Fact>
          <Fact label="Unit">
            {action.equipment
              ? `${action.equipment.assetTag} · ${action.equipment.name}`
              : 'The site as a whole'}
          </Fact>
          {action.itemLabel ? <Fact label="Finding">{action.itemLabel}</Fact> : null}
          {action.inspectionId ? (
            <Fact label="Inspection">
              <Anchor component={Link} to={portalPaths.inspection(action.inspectionId)} size="sm">
                See the report
              </Anchor>
            </Fact>
          ) : null}
        </Stack>
        {action.description ? (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {action.description}
          </Text>
        ) : null}
      </Paper>
      {action.ownedByYou ? <EvidenceForm actionId={action.id} /> : null}
      <Paper withBorder bg="white" p="md" component="section" aria-labelledby="portal-comments-heading">
        <Group gap={6} mb="sm" wrap="nowrap">
          <IconMessage size={18} aria-hidden="true" />
          <Title order={2} fz="h4" id="portal-comments-heading">
            Comments ({action.comments.length})
          </Title>
        </Group>
        <Stack gap="sm" mb="md" data-testid="portal-comments">
          {action.comments.length === 0 ? (
            <Text size="sm" c="dimmed">
              No comments yet. Ask a question or tell the team what you have done.
            </Text>
          ) : (
            action.comments.map((comment) => (
              <CommentBubble
                key={comment.id}
                author={comment.author.role === 'you' ? 'You' : comment.author.name}
                own={comment.author.role === 'you'}
                authorRole={comment.author.role}
                createdAt={comment.createdAt}
                body={comment.body}
                photos={comment.photos}
                testId="portal-comment"
              />
            ))
          )}
        </Stack>
        <CommentForm actionId={action.id} />
      </Paper>
    </Stack>
  );
}

export function PortalActionNotFound() {
  return (
    <Stack gap="md">
      <Title order={1}>Action not found</Title>
      <EmptyState icon={IconSearch} data-testid="portal-action-not-found">
        This corrective action does not exist, or it is not at one of your sites.{' '}
        <Anchor component={Link} to={paths.portal} underline="always">
          Back to your sites
        </Anchor>
      </EmptyState>
    </Stack>
  );
}

/** /portal/actions/:id */
export function PortalActionPage({ actionId }: { actionId: number }) {
  const query = usePortalAction(actionId);
  if (query.isPending)
    return (
      <Stack gap="md" aria-busy="true" data-testid="portal-action-loading">
        <Skeleton height={32} width="70%" />
        <Skeleton height={120} />
        <Skeleton height={160} />
      </Stack>
    );
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <PortalActionNotFound />;
    return (
      <Stack gap="md">
        <Title order={1}>Corrective action</Title>
        <Text size="sm" c="dimmed">
          The action could not be loaded.
        </Text>
        <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Stack>
    );
  }
  return <PortalActionView action={query.data.action} />;
}
