import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  type FieldError,
  type TemplateContent,
  type TemplateDetail,
  templateContentSchema,
  validateTemplateForPublish,
} from '@inspecta/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  List,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconCopy,
  IconDeviceFloppy,
  IconDots,
  IconFileDescription,
  IconHistory,
  IconInfoCircle,
  IconPlus,
  IconRefresh,
  IconRocket,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useMemo, useReducer, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths, templatePath } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { useArchiveTemplate } from '../../api/archive-template';
import { useDiscardTemplateDraft } from '../../api/discard-template-draft';
import { useDuplicateTemplate } from '../../api/duplicate-template';
import { useTemplate } from '../../api/get-template';
import { usePublishTemplate } from '../../api/publish-template';
import { useRestoreTemplate } from '../../api/restore-template';
import { useSaveTemplateDraft } from '../../api/save-template-draft';
import {
  builderReducer,
  canNudge,
  contentFromState,
  type EditorSection,
  indexProblems,
  stateFromContent,
} from '../../lib/builder-state';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes-guard';
import { VersionHistory } from '../history/version-history';
import { TemplatePreview } from '../preview/template-preview';
import { TemplateDetailsModal } from '../template-details-modal';
import { TemplateStatusBadges } from '../template-status-badge';
import classes from './builder.module.css';
import { SectionCard } from './section-card';

/** Content as the server stores it (trimmed, defaults filled), so "unsaved" means a real difference. */
function normalise(content: TemplateContent): string {
  const parsed = templateContentSchema.safeParse(content);
  return JSON.stringify(parsed.success ? parsed.data : content);
}

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
export function TemplateBuilder({ templateId }: { templateId: number }) {
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
  return <BuilderWorkspace key={templateId} initial={query.data.template} />;
}

function BuilderWorkspace({ initial }: { initial: TemplateDetail }) {
  const navigate = useNavigate();
  const [template, setTemplate] = useState(initial);
  const [savedContent, setSavedContent] = useState(() => normalise(initial.current.content));
  const [state, dispatch] = useReducer(builderReducer, initial.current.content, stateFromContent);
  const content = useMemo(() => contentFromState(state), [state]);
  const dirty = useMemo(() => normalise(content) !== savedContent, [content, savedContent]);
  const problems = useMemo(() => validateTemplateForPublish(content), [content]);
  const [serverProblems, setServerProblems] = useState<FieldError[] | null>(null);
  const shownProblems = serverProblems ?? problems;
  const problemIndex = useMemo(() => indexProblems(state, shownProblems), [state, shownProblems]);
  const [showProblems, setShowProblems] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [changeNote, setChangeNote] = useState('');
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);

  const saveDraft = useSaveTemplateDraft();
  const publish = usePublishTemplate();
  const discard = useDiscardTemplateDraft();
  const duplicate = useDuplicateTemplate();
  const archive = useArchiveTemplate();
  const restore = useRestoreTemplate();

  useUnsavedChangesGuard(dirty);

  const readOnly = template.status === 'archived';
  const hasDraft = template.draftVersion !== null;
  const editingVersion =
    template.draftVersion ?? (dirty ? template.latestVersion + 1 : template.publishedVersion);
  const nothingToPublish = !hasDraft && !dirty;
  const busy = saveDraft.isPending || publish.isPending;

  const applySaved = (saved: TemplateDetail) => {
    setTemplate(saved);
    setSavedContent(normalise(saved.current.content));
    dispatch({ type: 'markSaved' });
  };

  const reportFailure = (title: string, error: unknown) => {
    const stale =
      isApiError(error) && error.code === 'CONFLICT' && error.details.some((d) => d.field === 'revision');
    if (stale) {
      modals.openConfirmModal({
        title: 'Someone else saved this draft',
        centered: true,
        children: (
          <Text size="sm">
            Another administrator saved this template after you opened it. Reload to see their version; your
            unsaved changes on this screen will be replaced.
          </Text>
        ),
        labels: { confirm: 'Reload their version', cancel: 'Keep editing' },
        onConfirm: () => window.location.reload(),
      });
      return;
    }
    notifications.show({
      color: 'red',
      title,
      message: isApiError(error) ? error.message : 'Please try again.',
    });
  };

  /** Saves the working copy as the draft; answers the saved template, or null when it failed. */
  const save = async (quiet = false): Promise<TemplateDetail | null> => {
    try {
      const result = await saveDraft.mutateAsync({
        id: template.id,
        body: {
          content,
          revision: template.current.status === 'draft' ? template.current.revision : undefined,
        },
      });
      applySaved(result.template);
      setServerProblems(null);
      if (!quiet) notifications.show({ color: 'green', title: result.message, message: template.name });
      return result.template;
    } catch (error) {
      reportFailure('Could not save the draft', error);
      return null;
    }
  };

  useHotkeys([['mod+S', () => !readOnly && dirty && !busy && void save()]], []);

  const startPublish = () => {
    setServerProblems(null);
    if (problems.length) {
      setShowProblems(true);
      requestAnimationFrame(() =>
        problemsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
      );
      return;
    }
    setChangeNote('');
    setPublishing(true);
  };

  const confirmPublish = async () => {
    let current: TemplateDetail | null = template;
    if (dirty) current = await save(true);
    if (!current) return;
    try {
      const result = await publish.mutateAsync({
        id: current.id,
        body: { changeNote: changeNote.trim() || null, revision: current.current.revision },
      });
      applySaved(result.template);
      setPublishing(false);
      setShowProblems(false);
      notifications.show({
        color: 'green',
        title: result.message,
        message: `${result.template.name} is ready for inspections`,
      });
    } catch (error) {
      setPublishing(false);
      if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.details.length) {
        setServerProblems(error.details);
        setShowProblems(true);
        return;
      }
      reportFailure('Could not publish', error);
    }
  };

  const confirmDiscard = () =>
    modals.openConfirmModal({
      title: `Discard the draft of version ${template.draftVersion}?`,
      centered: true,
      children: (
        <Text size="sm">
          Every change since version {template.publishedVersion} was published is thrown away. Version{' '}
          {template.publishedVersion} stays in use.
        </Text>
      ),
      labels: { confirm: 'Discard draft', cancel: 'Keep the draft' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const result = await discard.mutateAsync(template.id);
          applySaved(result.template);
          dispatch({ type: 'load', content: result.template.current.content });
          notifications.show({ color: 'green', title: result.message, message: template.name });
        } catch (error) {
          reportFailure('Could not discard the draft', error);
        }
      },
    });

  const onDuplicate = async () => {
    try {
      const result = await duplicate.mutateAsync(template.id);
      notifications.show({
        color: 'green',
        title: result.message,
        message: dirty
          ? 'The copy has the last saved checklist, not your unsaved changes.'
          : 'Opening the copy.',
      });
      void navigate(templatePath(result.template.id));
    } catch (error) {
      reportFailure('Could not copy the template', error);
    }
  };

  const onArchive = () =>
    modals.openConfirmModal({
      title: `Archive “${template.name}”?`,
      centered: true,
      children: (
        <Text size="sm">
          It is no longer offered for new inspections and stops being the default checklist of its equipment
          types. Past inspections keep their version.
          {dirty ? ' Your unsaved changes on this screen are not kept.' : ''}
        </Text>
      ),
      labels: { confirm: 'Archive template', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const result = await archive.mutateAsync(template.id);
          applySaved(result.template);
          dispatch({ type: 'load', content: result.template.current.content });
          notifications.show({ color: 'green', title: result.message, message: template.name });
        } catch (error) {
          reportFailure('Could not archive the template', error);
        }
      },
    });

  const onRestore = async () => {
    try {
      const result = await restore.mutateAsync(template.id);
      applySaved(result.template);
      notifications.show({ color: 'green', title: result.message, message: template.name });
    } catch (error) {
      reportFailure('Could not restore the template', error);
    }
  };

  const removeSection = (section: EditorSection) => {
    if (section.items.length === 0) {
      dispatch({ type: 'removeSection', uid: section.uid });
      return;
    }
    modals.openConfirmModal({
      title: `Delete “${section.title || 'this section'}”?`,
      centered: true,
      children: (
        <Text size="sm">
          The section and its {section.items.length} item{section.items.length === 1 ? '' : 's'} are removed
          from this draft. Published versions keep them.
        </Text>
      ),
      labels: { confirm: 'Delete section', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => dispatch({ type: 'removeSection', uid: section.uid }),
    });
  };

  // --- drag and drop -------------------------------------------------------------------------
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sectionIds = useMemo(() => new Set(state.sections.map((s) => s.uid)), [state.sections]);
  const labelOf = (id: string | number) => {
    const uid = String(id);
    const sectionIndex = state.sections.findIndex((s) => s.uid === uid);
    if (sectionIndex >= 0) return `section ${state.sections[sectionIndex]!.title || sectionIndex + 1}`;
    for (const section of state.sections) {
      const index = section.items.findIndex((i) => i.uid === uid);
      if (index >= 0)
        return `item ${section.items[index]!.item.label || index + 1}, position ${index + 1} of ${section.items.length} in ${section.title || 'its section'}`;
    }
    return 'the element';
  };
  const collisionDetection: CollisionDetection = (args) => {
    const draggingSection = sectionIds.has(String(args.active.id));
    const emptySections = new Set(state.sections.filter((s) => s.items.length === 0).map((s) => s.uid));
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((container) => {
        const isSection = sectionIds.has(String(container.id));
        return draggingSection ? isSection : !isSection || emptySections.has(String(container.id));
      }),
    });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    if (sectionIds.has(activeId)) {
      const to = state.sections.findIndex((s) => s.uid === overId);
      if (to >= 0) dispatch({ type: 'moveSection', uid: activeId, to });
      return;
    }
    const targetSection = state.sections.find((s) => s.uid === overId);
    if (targetSection) {
      dispatch({
        type: 'moveItem',
        uid: activeId,
        sectionUid: targetSection.uid,
        to: targetSection.items.length,
      });
      return;
    }
    for (const section of state.sections) {
      const to = section.items.findIndex((i) => i.uid === overId);
      if (to >= 0) {
        dispatch({ type: 'moveItem', uid: activeId, sectionUid: section.uid, to });
        return;
      }
    }
  };

  // --- what the banner says --------------------------------------------------------------------
  let banner: { color: string; text: string } | null = null;
  if (readOnly) banner = null;
  else if (template.publishedVersion === null)
    banner = {
      color: 'yellow',
      text: 'Not published yet: inspectors can use this checklist once you publish it.',
    };
  else if (hasDraft)
    banner = {
      color: 'blue',
      text: `You are editing the draft of version ${template.draftVersion}. Version ${template.publishedVersion} stays in use until you publish.`,
    };
  else
    banner = {
      color: 'blue',
      text: `Version ${template.publishedVersion} is published and in use. Saving a change starts version ${template.latestVersion + 1} as a draft; inspections keep the version they were done with.`,
    };

  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        <Anchor component={Link} to={paths.templates} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" /> Templates
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="md" mt={4} wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {template.name}
              </Title>
              <TemplateStatusBadges template={template} />
              {dirty ? (
                <Badge color="orange" variant="dot" data-testid="unsaved-badge">
                  Unsaved changes
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {[
                template.category?.name,
                template.equipmentTypes.length
                  ? template.equipmentTypes.map((t) => t.name).join(', ')
                  : 'No equipment types',
                `saved ${formatRelativeTime(template.current.updatedAt)}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden="true" />}
              onClick={() => setDetailsOpen(true)}
              disabled={readOnly}
            >
              Details
            </Button>
            <Button
              variant="default"
              leftSection={<IconHistory size={16} aria-hidden="true" />}
              onClick={() => setHistoryOpen(true)}
            >
              History
            </Button>
            {readOnly ? (
              <Button
                leftSection={<IconArchiveOff size={16} aria-hidden="true" />}
                onClick={onRestore}
                loading={restore.isPending}
              >
                Restore
              </Button>
            ) : (
              <>
                <Tooltip label={dirty ? 'Save draft (Ctrl+S)' : 'Everything is saved'} withArrow>
                  <Button
                    variant="default"
                    leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
                    onClick={() => void save()}
                    disabled={!dirty}
                    loading={saveDraft.isPending && !publishing}
                  >
                    Save draft
                  </Button>
                </Tooltip>
                <Tooltip
                  label={
                    nothingToPublish
                      ? `Version ${template.publishedVersion} is published; change something to start a new version`
                      : problems.length
                        ? `${problems.length} problem${problems.length === 1 ? '' : 's'} to fix before publishing`
                        : `Publish version ${editingVersion}`
                  }
                  withArrow
                >
                  <Button
                    leftSection={<IconRocket size={16} aria-hidden="true" />}
                    onClick={startPublish}
                    disabled={nothingToPublish}
                    rightSection={
                      problems.length && !nothingToPublish ? (
                        <Badge size="xs" color="red" variant="filled" circle>
                          {problems.length}
                        </Badge>
                      ) : undefined
                    }
                  >
                    Publish
                  </Button>
                </Tooltip>
              </>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size={36} aria-label="More template actions">
                  <IconDots size={18} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconCopy size={16} aria-hidden="true" />}
                  onClick={() => void onDuplicate()}
                >
                  Duplicate template
                </Menu.Item>
                {hasDraft && template.publishedVersion !== null && !readOnly ? (
                  <Menu.Item
                    leftSection={<IconTrash size={16} aria-hidden="true" />}
                    onClick={confirmDiscard}
                  >
                    Discard draft
                  </Menu.Item>
                ) : null}
                {!readOnly ? (
                  <>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconArchive size={16} aria-hidden="true" />}
                      onClick={onArchive}
                    >
                      Archive template
                    </Menu.Item>
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </div>

      {readOnly ? (
        <Alert color="gray" variant="light" icon={<IconArchive aria-hidden="true" />} title="Archived">
          This template was archived {template.archivedAt ? formatRelativeTime(template.archivedAt) : ''} and
          is read only. Restore it to edit or use it again.
        </Alert>
      ) : banner ? (
        <Alert
          color={banner.color}
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          data-testid="builder-banner"
        >
          {banner.text}
        </Alert>
      ) : null}

      {showProblems && shownProblems.length ? (
        <div ref={problemsRef}>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={`Fix ${shownProblems.length} problem${shownProblems.length === 1 ? '' : 's'} before publishing`}
            withCloseButton
            closeButtonLabel="Hide problems"
            onClose={() => setShowProblems(false)}
            role="alert"
            data-testid="publish-problems"
          >
            <List size="sm" spacing={4}>
              {shownProblems.map((problem) => {
                const itemUid = [...problemIndex.items].find(([, list]) => list.includes(problem))?.[0];
                return (
                  <List.Item key={problem.field + problem.message}>
                    {itemUid ? (
                      <UnstyledButton
                        onClick={() => dispatch({ type: 'select', uid: itemUid })}
                        style={{ textDecoration: 'underline', textAlign: 'left' }}
                        fz="sm"
                      >
                        {problem.message}
                      </UnstyledButton>
                    ) : (
                      problem.message
                    )}
                  </List.Item>
                );
              })}
            </List>
          </Alert>
        </div>
      ) : null}

      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <DndContext
            sensors={sensors}
            collisionDetection={collisionDetection}
            onDragEnd={onDragEnd}
            accessibility={{
              screenReaderInstructions: {
                draggable:
                  'To pick up a section or an item, press Space or Enter. Move it with the arrow keys, press Space or Enter again to drop it, or Escape to cancel.',
              },
              announcements: {
                onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}.`,
                onDragOver: ({ active, over }) =>
                  over
                    ? `${labelOf(active.id)} is over ${labelOf(over.id)}.`
                    : `${labelOf(active.id)} is not over a drop place.`,
                onDragEnd: ({ active, over }) =>
                  over
                    ? `Dropped ${labelOf(active.id)} at ${labelOf(over.id)}.`
                    : `Dropped ${labelOf(active.id)}.`,
                onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
              },
            }}
          >
            <SortableContext items={state.sections.map((s) => s.uid)} strategy={verticalListSortingStrategy}>
              <Stack gap="md" data-testid="builder-sections">
                {state.sections.length === 0 ? (
                  <Paper withBorder p="xl" radius="lg" ta="center">
                    <Text fw={600}>Start with a section</Text>
                    <Text size="sm" c="dimmed">
                      Sections group the checks, such as “Visual condition” or “Measurements”.
                    </Text>
                  </Paper>
                ) : null}
                {state.sections.map((section, index) => (
                  <SectionCard
                    key={section.uid}
                    section={section}
                    index={index}
                    sectionCount={state.sections.length}
                    selected={state.selected}
                    readOnly={readOnly}
                    sectionProblems={showProblems ? (problemIndex.sections.get(section.uid) ?? []) : []}
                    itemProblems={showProblems ? problemIndex.items : new Map()}
                    canNudge={(uid, direction) => canNudge(state, uid, direction)}
                    dispatch={dispatch}
                    onRemoveSection={removeSection}
                  />
                ))}
                {!readOnly ? (
                  <Button
                    variant="subtle"
                    className={classes.addSection}
                    leftSection={<IconPlus size={18} aria-hidden="true" />}
                    onClick={() => dispatch({ type: 'addSection' })}
                  >
                    Add section
                  </Button>
                ) : null}
              </Stack>
            </SortableContext>
          </DndContext>
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
              content={content}
            />
          </div>
        </Grid.Col>
      </Grid>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={publishing}
        onClose={() => setPublishing(false)}
        title={<Text fw={700}>Publish version {editingVersion}?</Text>}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            New inspections of {template.name} will use version {editingVersion}.
            {template.publishedVersion !== null
              ? ` Inspections already done keep version ${template.publishedVersion} or earlier.`
              : ''}{' '}
            A published version can no longer be changed; later edits start a new version.
          </Text>
          {dirty ? (
            <Text size="sm" c="dimmed">
              Your unsaved changes are saved first.
            </Text>
          ) : null}
          <Textarea
            label="What changed? (optional)"
            description="Shown in the version history"
            placeholder={
              template.publishedVersion === null ? 'First release' : 'e.g. Added a photo of the tag'
            }
            value={changeNote}
            onChange={(e) => setChangeNote(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPublishing(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              leftSection={<IconRocket size={16} aria-hidden="true" />}
              onClick={() => void confirmPublish()}
              loading={busy}
            >
              Publish version {editingVersion}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <TemplateDetailsModal
        opened={detailsOpen}
        template={template}
        onClose={() => setDetailsOpen(false)}
        onSaved={(saved) => setTemplate((current) => ({ ...saved, current: current.current }))}
      />
      <VersionHistory
        templateId={template.id}
        templateName={template.name}
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
        workingContent={dirty ? content : null}
        publishedVersion={template.publishedVersion}
      />
      <Text size="xs" c="dimmed" ta="right" title={formatDateTime(template.updatedAt)}>
        Created {formatDateTime(template.createdAt)}
        {template.createdBy ? ` by ${template.createdBy.name}` : ''}
      </Text>
    </Stack>
  );
}
