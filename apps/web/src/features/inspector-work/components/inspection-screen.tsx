import {
  evaluateItem,
  type InspectionSummary,
  type InspectorAssignmentDetail,
  MAX_PHOTOS_PER_ITEM,
  type SessionUser,
} from '@inspecta/contract';
import { ActionIcon, Alert, Box, Button, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconInfoCircle,
  IconListDetails,
  IconSend,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChecklistItem } from '@/components/checklist/checklist-item';
import type { ChecklistUploads } from '@/components/checklist/uploads';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useInspectorAssignment } from '../api/get-assignment';
import { useSubmitInspection } from '../api/submit-inspection';
import { uploadInspectionFile } from '../api/upload-file';
import { useInspectionDraft } from '../hooks/use-inspection-draft';
import { answersBody, evaluateUnits, formUnits } from '../lib/answers';
import { removeDraft } from '../lib/draft-store';
import { DonePanel } from './done-panel';
import classes from './inspector.module.css';
import { BackToAssignments, InspectorTopBar } from './inspector-top-bar';
import { ReviewPanel } from './review-panel';
import { SaveStatus } from './save-status';
import { StartPanel } from './start-panel';
import { UnitPicker } from './unit-picker';

const uploads: ChecklistUploads = { upload: uploadInspectionFile, maxPhotos: MAX_PHOTOS_PER_ITEM };

function ActionBar({ children }: { children: React.ReactNode }) {
  return (
    <div className={classes.actionBar}>
      <div className={classes.actionBarInner}>{children}</div>
    </div>
  );
}

interface WorkspaceProps {
  assignment: InspectorAssignmentDetail;
  user: SessionUser;
  /** The unit to open on (a scanned label); the first unit otherwise. */
  unitId?: number | undefined;
}

/** Starting, filling (unit by unit), reviewing and submitting one assignment. */
function InspectionWorkspace({ assignment, user, unitId }: WorkspaceProps) {
  const units = useMemo(() => formUnits(assignment), [assignment]);
  const draft = useInspectionDraft({ assignment, userId: user.id, units });
  const submit = useSubmitInspection();
  const [unitKey, setUnitKey] = useState(
    () => units.find((u) => unitId !== undefined && u.equipmentId === unitId)?.key ?? units[0]!.key,
  );
  const [step, setStep] = useState<'fill' | 'review'>('fill');
  const [pickerOpen, setPickerOpen] = useState(false);
  const [reviewed, setReviewed] = useState(false);
  const [showRestored, setShowRestored] = useState(draft.restoredFromDevice);
  const [submitError, setSubmitError] = useState<{ message: string; details: string[] } | null>(null);
  const [done, setDone] = useState<InspectionSummary | null>(null);
  const scrollTarget = useRef<string | null>(null);

  const progress = useMemo(
    () => evaluateUnits(assignment.content, units, draft.answers),
    [assignment.content, units, draft.answers],
  );
  const unitIndex = Math.max(
    0,
    units.findIndex((u) => u.key === unitKey),
  );
  const unit = units[unitIndex]!;
  const current = progress[unitIndex]!;
  const missingTotal = progress.reduce(
    (n, p) => n + p.evaluation.missingItems.length + p.evaluation.invalidItems.length,
    0,
  );

  // A new unit or step starts at its top, or at the item the review pointed at.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes
  useEffect(() => {
    const target = scrollTarget.current;
    scrollTarget.current = null;
    if (target) {
      const element = document.querySelector<HTMLElement>(`[data-item-key="${target}"]`);
      element?.scrollIntoView({ block: 'center' });
      element?.querySelector<HTMLElement>('input, textarea, button, canvas')?.focus({ preventScroll: true });
    } else {
      window.scrollTo({ top: 0 });
    }
  }, [unitKey, step]);

  const goToUnit = useCallback((key: string) => {
    setUnitKey(key);
    setStep('fill');
  }, []);

  const review = () => {
    setReviewed(true);
    setStep('review');
  };

  const jump = (key: string, itemKey: string) => {
    scrollTarget.current = itemKey;
    setUnitKey(key);
    setStep('fill');
  };

  const send = async () => {
    setSubmitError(null);
    try {
      const result = await submit.mutateAsync({
        id: assignment.id,
        body: answersBody(units, draft.answers, draft.remarks),
      });
      draft.finish();
      setDone(result.inspection);
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (isApiError(error) && error.code === 'NETWORK_ERROR') {
        setSubmitError({
          message:
            'No connection. Your answers are kept on this device: submit again once you are back online.',
          details: [],
        });
      } else if (isApiError(error)) {
        setSubmitError({
          message: error.message,
          details: [...new Set(error.details.map((d) => d.message))],
        });
      } else {
        setSubmitError({ message: 'The inspection could not be submitted. Please try again.', details: [] });
      }
      window.scrollTo({ top: 0 });
    }
  };

  const title = assignment.site.name;
  if (done) {
    return (
      <div className={classes.page}>
        <InspectorTopBar start={<BackToAssignments />} title={title} subtitle={assignment.template.name} />
        <main className={classes.content}>
          <DonePanel inspection={done} />
        </main>
      </div>
    );
  }

  if (!draft.started) {
    return (
      <div className={classes.page}>
        <InspectorTopBar start={<BackToAssignments />} title={title} subtitle={assignment.template.name} />
        <main className={classes.content}>
          <StartPanel assignment={assignment} />
        </main>
        <ActionBar>
          <Button size="lg" fullWidth onClick={draft.start} data-testid="inspection-start">
            Start inspection
          </Button>
        </ActionBar>
      </div>
    );
  }

  const single = units.length === 1;
  const last = unitIndex === units.length - 1;
  return (
    <div className={classes.page}>
      <InspectorTopBar
        start={<BackToAssignments />}
        title={title}
        subtitle={
          <SaveStatus state={draft.saveState} error={draft.saveError} onRetry={() => void draft.retry()} />
        }
      />
      <main className={classes.content} data-testid="inspection-form">
        {showRestored ? (
          <Alert
            color="brand"
            variant="light"
            icon={<IconInfoCircle aria-hidden="true" />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setShowRestored(false)}
            mb="md"
            data-testid="restored-from-device"
          >
            Your latest answers were restored from this device.
          </Alert>
        ) : null}

        {step === 'review' ? (
          <ReviewPanel
            content={assignment.content}
            progress={progress}
            remarks={draft.remarks}
            onRemarks={draft.setRemarks}
            onJump={jump}
            submitError={submitError}
          />
        ) : (
          <>
            <Paper withBorder radius="md" p="md" mb="xs" data-testid="unit-header">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Box style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    {single ? assignment.template.name : `Unit ${unitIndex + 1} of ${units.length}`}
                  </Text>
                  <Text fw={700} fz="lg" lh={1.3} data-testid="unit-name">
                    {unit.name}
                  </Text>
                  {unit.detail ? (
                    <Text size="sm" c="dimmed">
                      {unit.detail}
                    </Text>
                  ) : null}
                </Box>
                {single ? null : (
                  <Button
                    variant="light"
                    size="md"
                    leftSection={<IconListDetails size={18} aria-hidden="true" />}
                    onClick={() => setPickerOpen(true)}
                    style={{ flexShrink: 0 }}
                    data-testid="unit-picker-open"
                  >
                    Units
                  </Button>
                )}
              </Group>
              <Group gap="xs" mt="sm" wrap="nowrap">
                <Progress
                  value={current.total ? (current.answered / current.total) * 100 : 0}
                  color={current.evaluation.failedItems.length ? 'red' : 'green'}
                  size="md"
                  style={{ flex: 1 }}
                  aria-label="Answered on this unit"
                />
                <Text size="sm" c="dimmed" data-testid="unit-progress">
                  {current.answered}/{current.total}
                  {current.evaluation.failedItems.length
                    ? ` · ${current.evaluation.failedItems.length} failed`
                    : ''}
                </Text>
              </Group>
            </Paper>

            {assignment.content.sections.map((section) => (
              <section key={section.key} aria-label={section.title}>
                <Text fw={700} size="sm" tt="uppercase" c="dark.6" className={classes.sectionTitle}>
                  {section.title}
                </Text>
                <Stack gap="sm">
                  {section.items.map((item) => (
                    <ChecklistItem
                      // A new unit gets fresh controls (a signature pad keeps its own drawing).
                      key={`${unit.key}-${item.key}`}
                      id={`answer-${unit.key}-${item.key}`}
                      item={item}
                      answer={draft.answers[unit.key]?.[item.key]}
                      onAnswer={(value) => draft.setAnswer(unit.key, item.key, value ?? null)}
                      evaluation={current.evaluation.items[item.key] ?? evaluateItem(item, undefined)}
                      flagMissing={reviewed}
                      uploads={uploads}
                      signer={`${user.firstName} ${user.lastName}`.trim()}
                      size="lg"
                    />
                  ))}
                </Stack>
              </section>
            ))}
          </>
        )}
      </main>

      <UnitPicker
        opened={pickerOpen}
        onClose={() => setPickerOpen(false)}
        progress={progress}
        activeKey={unit.key}
        onPick={goToUnit}
      />

      <ActionBar>
        {step === 'review' ? (
          <>
            <Button
              size="lg"
              variant="default"
              leftSection={<IconChevronLeft size={18} aria-hidden="true" />}
              onClick={() => setStep('fill')}
            >
              Back
            </Button>
            <Button
              size="lg"
              style={{ flex: 1 }}
              leftSection={<IconSend size={18} aria-hidden="true" />}
              onClick={() => void send()}
              loading={submit.isPending}
              disabled={missingTotal > 0}
              data-testid="inspection-submit"
            >
              Submit inspection
            </Button>
          </>
        ) : (
          <>
            {units.length > 1 ? (
              <ActionIcon
                size={50}
                variant="default"
                radius="md"
                onClick={() => goToUnit(units[unitIndex - 1]!.key)}
                disabled={unitIndex === 0}
                aria-label="Previous unit"
              >
                <IconChevronLeft size={22} aria-hidden="true" />
              </ActionIcon>
            ) : null}
            {last ? (
              <Button size="lg" style={{ flex: 1 }} onClick={review} data-testid="inspection-review">
                Review and submit
              </Button>
            ) : (
              <>
                <Button size="lg" variant="default" onClick={review} data-testid="inspection-review">
                  Review
                </Button>
                <Button
                  size="lg"
                  style={{ flex: 1 }}
                  rightSection={<IconChevronRight size={18} aria-hidden="true" />}
                  onClick={() => goToUnit(units[unitIndex + 1]!.key)}
                  data-testid="unit-next"
                >
                  Next unit
                </Button>
              </>
            )}
          </>
        )}
      </ActionBar>
    </div>
  );
}

function ClosedAssignment({ assignment, user }: WorkspaceProps) {
  // Nothing on this device is needed any more.
  useEffect(() => removeDraft(user.id, assignment.id), [user.id, assignment.id]);
  const completed = assignment.status === 'completed';
  return (
    <Alert
      color={completed ? 'green' : 'gray'}
      variant="light"
      title={completed ? 'This inspection has been submitted' : 'This assignment was cancelled'}
      data-testid="assignment-closed"
    >
      <Text size="sm" mb="md">
        {completed
          ? 'It is complete and can no longer be changed. The office has the report.'
          : 'The office cancelled it, so there is nothing to fill in. Ask them if this is unexpected.'}
      </Text>
      <Button component={Link} to={paths.inspector} size="md">
        Back to my assignments
      </Button>
    </Alert>
  );
}

/** The page of one assignment: loads it, then hands it to the workspace. */
export function InspectionScreen({
  assignmentId,
  user,
  unitId,
}: {
  assignmentId: number;
  user: SessionUser;
  /** Open on this unit (the address of a scanned label carries it as ?unit=). */
  unitId?: number | undefined;
}) {
  const query = useInspectorAssignment(assignmentId);
  const assignment = query.data?.assignment;
  const notYours = isApiError(query.error) && (query.error.status === 403 || query.error.status === 404);
  // Once the form is open it stays (its done screen included) whatever the cache says later.
  const working = useRef(false);
  // The form starts from the server's latest copy, or from the cache when offline (paused).
  const fresh = query.isFetchedAfterMount || query.fetchStatus === 'paused';
  if (assignment && fresh && (assignment.status === 'assigned' || assignment.status === 'in_progress'))
    working.current = true;
  if (assignment && working.current)
    return <InspectionWorkspace key={assignment.id} assignment={assignment} user={user} unitId={unitId} />;

  return (
    <div className={classes.page}>
      <InspectorTopBar
        start={<BackToAssignments />}
        title={assignment?.site.name ?? 'Assignment'}
        subtitle={assignment?.template.name}
      />
      <main className={classes.content}>
        {query.isPending || (assignment && !fresh) ? (
          <Stack gap="md" aria-busy="true" aria-label="Loading the assignment">
            <Skeleton height={120} radius="md" />
            <Skeleton height={90} radius="md" />
            <Skeleton height={90} radius="md" />
          </Stack>
        ) : query.isError ? (
          <Alert
            color="red"
            variant="light"
            title="Could not open this assignment"
            data-testid="assignment-error"
          >
            <Text size="sm" mb="md">
              {notYours ? 'It is not one of your assignments, or it no longer exists.' : query.error.message}
            </Text>
            <Group>
              <Button component={Link} to={paths.inspector} size="md" variant="default">
                My assignments
              </Button>
              {!notYours ? (
                <Button size="md" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : assignment ? (
          <ClosedAssignment assignment={assignment} user={user} />
        ) : null}
      </main>
    </div>
  );
}
