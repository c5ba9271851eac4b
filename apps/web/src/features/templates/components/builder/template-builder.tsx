import type { TemplateDetail } from '@inspecta/contract';
import { Anchor, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileDescription, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format-relative-time';
import { useTemplate } from '../../api/get-template';
import { VersionHistory } from '../history/version-history';
import { TemplatePreview } from '../preview/template-preview';
import { TemplateDetailsModal } from '../template-details-modal';
import classes from './builder.module.css';
import { BuilderHeader } from './builder-header';
import { BuilderBanner, PublishProblems } from './builder-notices';
import { BuilderSections } from './builder-sections';
import { PublishDialog } from './publish-dialog';
import { useTemplateBuilder } from './use-template-builder';

function BuilderSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading template">
      <Skeleton height={34} width="40%" />
      <Skeleton height={16} width="60%" />
      <Grid gutter="lg" mt="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Skeleton height={180} radius="lg" />
            <Skeleton height={140} radius="lg" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton height={420} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The template builder screen (/dashboard/invoice/:templateId). */
export function TemplateBuilder({
  templateId,
  activitySection,
}: {
  templateId: number;
  /** The template's changes in its History drawer (composed by the app: the activity feature). */
  activitySection?: ((templateId: number) => ReactNode) | undefined;
}) {
  const query = useTemplate(templateId);
  if (query.isPending) return <BuilderSkeleton />;
  if (query.isError || !query.data) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Stack gap="md">
        <Anchor component={Link} to={paths.templates} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden="true" /> Templates
          </Group>
        </Anchor>
        <Title order={1}>{notFound ? 'Template not found' : 'Template'}</Title>
        <EmptyState icon={IconFileDescription}>
          {notFound ? (
            'This template does not exist. It may have been removed, or the link is wrong.'
          ) : (
            <Stack align="center" gap="sm">
              <span>The template could not be loaded.</span>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden="true" />}
                onClick={() => query.refetch()}
              >
                Try again
              </Button>
            </Stack>
          )}
        </EmptyState>
      </Stack>
    );
  }
  return (
    <BuilderWorkspace key={templateId} initial={query.data.template} activitySection={activitySection} />
  );
}

function BuilderWorkspace({
  initial,
  activitySection,
}: {
  initial: TemplateDetail;
  activitySection: ((templateId: number) => ReactNode) | undefined;
}) {
  const builder = useTemplateBuilder(initial);
  const { template, dirty, hasDraft, editingVersion } = builder;
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);

  return (
    <Stack gap="md">
      <BuilderHeader
        builder={builder}
        onOpenDetails={() => setDetailsOpen(true)}
        onOpenHistory={() => setHistoryOpen(true)}
      />
      <BuilderBanner builder={builder} />
      <PublishProblems builder={builder} />

      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <BuilderSections
            state={builder.state}
            dispatch={builder.dispatch}
            readOnly={builder.readOnly}
            showProblems={builder.showProblems}
            problemIndex={builder.problemIndex}
            onRemoveSection={builder.removeSection}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div className={classes.previewColumn}>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                Live preview
              </Title>
              <Text size="xs" c="dimmed">
                Try answers: failing ones turn red
              </Text>
            </Group>
            <TemplatePreview
              title={template.name}
              subtitle={`Version ${editingVersion ?? 1}${dirty || hasDraft || template.publishedVersion === null ? ' · draft' : ''}`}
              content={builder.content}
            />
          </div>
        </Grid.Col>
      </Grid>

      <PublishDialog builder={builder} />
      <TemplateDetailsModal
        opened={detailsOpen}
        template={template}
        onClose={() => setDetailsOpen(false)}
        onSaved={builder.applyDetails}
      />
      <VersionHistory
        templateId={template.id}
        templateName={template.name}
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
        workingContent={dirty ? builder.content : null}
        publishedVersion={template.publishedVersion}
        activity={activitySection?.(template.id)}
      />
      <Text size="xs" c="dimmed" ta="right" title={formatDateTime(template.updatedAt)}>
        Created {formatDateTime(template.createdAt)}
        {template.createdBy ? ` by ${template.createdBy.name}` : ''}
      </Text>
    </Stack>
  );
}
