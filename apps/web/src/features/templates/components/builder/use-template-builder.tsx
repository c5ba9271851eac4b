import {
  type FieldError,
  type TemplateContent,
  type TemplateDetail,
  templateContentSchema,
  validateTemplateForPublish,
} from '@inspecta/contract';
import { Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { templatePath } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useArchiveTemplate } from '../../api/archive-template';
import { useDiscardTemplateDraft } from '../../api/discard-template-draft';
import { useDuplicateTemplate } from '../../api/duplicate-template';
import { usePublishTemplate } from '../../api/publish-template';
import { useRestoreTemplate } from '../../api/restore-template';
import { useSaveTemplateDraft } from '../../api/save-template-draft';
import {
  builderReducer,
  contentFromState,
  type EditorSection,
  indexProblems,
  stateFromContent,
} from '../../lib/builder-state';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes-guard';

/** Content as the server stores it (trimmed, defaults filled), so "unsaved" means a real difference. */
function normalise(content: TemplateContent): string {
  const parsed = templateContentSchema.safeParse(content);
  return JSON.stringify(parsed.success ? parsed.data : content);
}

/**
 * The builder's working copy and everything done to it: the checklist being edited, what is unsaved,
 * the publishing problems, and the save, publish, discard, duplicate, archive and restore actions
 * with their confirmations and notifications. The screen's components only render what it answers.
 */
export function useTemplateBuilder(initial: TemplateDetail) {
  const navigate = useNavigate();
  const [template, setTemplate] = useState(initial);
  const [savedContent, setSavedContent] = useState(() => normalise(initial.current.content));
  const [state, dispatch] = useReducer(builderReducer, initial.current.content, stateFromContent);
  const content = useMemo(() => contentFromState(state), [state]);
  const dirty = useMemo(() => normalise(content) !== savedContent, [content, savedContent]);
  const problems = useMemo(() => validateTemplateForPublish(content), [content]);
  // After a refused publish the server's reasons win over the local check until the next attempt.
  const [serverProblems, setServerProblems] = useState<FieldError[] | null>(null);
  const shownProblems = serverProblems ?? problems;
  const problemIndex = useMemo(() => indexProblems(state, shownProblems), [state, shownProblems]);
  const [showProblems, setShowProblems] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [changeNote, setChangeNote] = useState('');
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
          The section and its {plural(section.items.length, 'item')} are removed from this draft. Published
          versions keep them.
        </Text>
      ),
      labels: { confirm: 'Delete section', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => dispatch({ type: 'removeSection', uid: section.uid }),
    });
  };

  /** The details dialog saves name and links only; the checklist being edited stays as it is. */
  const applyDetails = (saved: TemplateDetail) =>
    setTemplate((current) => ({ ...saved, current: current.current }));

  return {
    template,
    state,
    dispatch,
    content,
    dirty,
    problems,
    shownProblems,
    problemIndex,
    showProblems,
    hideProblems: () => setShowProblems(false),
    problemsRef,
    readOnly,
    hasDraft,
    editingVersion,
    nothingToPublish,
    busy,
    saving: saveDraft.isPending,
    restoring: restore.isPending,
    publishing,
    closePublish: () => setPublishing(false),
    changeNote,
    setChangeNote,
    save,
    startPublish,
    confirmPublish,
    confirmDiscard,
    onDuplicate,
    onArchive,
    onRestore,
    removeSection,
    applyDetails,
  };
}

export type TemplateBuilderModel = ReturnType<typeof useTemplateBuilder>;
