import {
  type AssignmentPriority,
  assignmentPriorities,
  SCHEDULE_NAME_MAX,
  SCHEDULE_PREVIEW_DAYS_DEFAULT,
  type Schedule,
  type ScheduleIntervalUnit,
  type SchedulePreviewResponse,
  type ScheduleScope,
} from '@inspecta/contract';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarStats, IconEye } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { priorityLabels, useInspectors } from '@/features/assignments';
import { useSiteEquipment, useSiteOptions } from '@/features/equipment';
import { useEquipmentTypeOptions } from '@/features/equipment-types';
import { useActiveCategories } from '@/features/inspection-categories';
import { usePublishedTemplates } from '@/features/templates';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { usePreviewSchedule } from '../api/preview-schedule';
import { useSaveSchedule } from '../api/save-schedule';
import {
  emptyScheduleValues,
  previewSentence,
  type ScheduleFormValues,
  scheduleBody,
  scheduleToValues,
} from '../lib/schedule-form';

const PREVIEW_ROWS = 12;

/** Server field names → the form's (one inspector is `inspectorId` in the form). */
function formErrors(fieldErrors: Record<string, string>, mode: ScheduleFormValues['assigneeMode']) {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const key = field.split('.')[0] ?? field;
    if (key === 'inspectorIds' && mode === 'inspector') errors.inspectorId = message;
    else errors[key] = message;
  }
  return errors;
}

function PreviewPanel({ preview }: { preview: SchedulePreviewResponse }) {
  const days = SCHEDULE_PREVIEW_DAYS_DEFAULT;
  const shown = preview.assignments.slice(0, PREVIEW_ROWS);
  return (
    <Paper withBorder p="md" bg="blue.0" data-testid="schedule-preview">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCalendarStats size={20} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <div>
            <Text fw={600} size="sm" data-testid="schedule-preview-sentence">
              {previewSentence(preview.assignments.length, days)}
            </Text>
            <Text size="xs" c="dark.6">
              {plural(preview.units, 'unit')} in scope, {formatDay(preview.from)} to {formatDay(preview.to)}.
            </Text>
          </div>
        </Group>
        {preview.skipped.length ? (
          <Alert color="yellow" variant="light" p="xs" data-testid="schedule-preview-skipped">
            <Text size="xs" c="dark.8">
              {plural(preview.skipped.length, 'unit')} cannot be planned:{' '}
              {[...new Set(preview.skipped.map((s) => s.reason))].join('; ')}
            </Text>
          </Alert>
        ) : null}
        {shown.length ? (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={4} horizontalSpacing="xs" fz="xs" bg="white" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created on</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Units</Table.Th>
                  <Table.Th>Inspector</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((a) => (
                  <Table.Tr
                    key={`${a.dueOn}-${a.equipment.map((u) => u.id).join('-')}-${a.template.id}`}
                    data-testid="schedule-preview-row"
                  >
                    <Table.Td>{formatDay(a.createOn)}</Table.Td>
                    <Table.Td>{formatDay(a.dueOn)}</Table.Td>
                    <Table.Td>
                      {a.equipment.length === 1 ? a.equipment[0]?.assetTag : `${a.equipment.length} units`}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {a.template.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{a.inspector?.name ?? 'Nobody available'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {preview.assignments.length > PREVIEW_ROWS ? (
          <Text size="xs" c="dark.6">
            and {preview.assignments.length - PREVIEW_ROWS} more.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface ScheduleFormDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this schedule; without it the drawer creates one. */
  schedule?: Schedule | null;
  /** A new schedule for this site (the site's page). */
  siteId?: number;
}

/**
 * Create or edit a schedule: site, scope (all equipment, types or units), template or each type's
 * default, interval, inspector or the least loaded of a group, lead time. Saving needs a preview of
 * exactly these values first: "this schedule will create these N assignments in the next 90 days".
 */
export function ScheduleFormDrawer({ opened, onClose, schedule, siteId }: ScheduleFormDrawerProps) {
  const editing = Boolean(schedule);
  const [values, setValues] = useState<ScheduleFormValues>(() => emptyScheduleValues(siteId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ key: string; result: SchedulePreviewResponse } | null>(null);
  const previewMutation = usePreviewSchedule();
  const save = useSaveSchedule();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the drawer opens
  useEffect(() => {
    if (!opened) return;
    setValues(schedule ? scheduleToValues(schedule) : emptyScheduleValues(siteId));
    setErrors({});
    setFormError(null);
    setPreview(null);
  }, [opened, schedule?.id]);

  const set = <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const body = scheduleBody(values);
  const bodyKey = JSON.stringify(body);
  const previewIsCurrent = preview !== null && preview.key === bodyKey;

  // ---- pickers
  const [siteSearch, setSiteSearch] = useState('');
  const [siteTerm] = useDebouncedValue(siteSearch, 250);
  const pickedSite = values.siteId ? Number(values.siteId) : undefined;
  const siteMatches = useSiteOptions(
    siteTerm.includes(' · ') || !siteTerm.trim() ? {} : { search: siteTerm.trim() },
    {
      enabled: opened,
    },
  );
  const sitePicked = useSiteOptions(
    { site_id: pickedSite ?? 0 },
    { enabled: opened && pickedSite !== undefined },
  );
  const siteData = useMemo(() => {
    const list = (siteMatches.data?.sites ?? []).map((s) => ({
      value: String(s.id),
      label: `${s.siteCode} · ${s.name}`,
      disabled: s.status !== 'active',
    }));
    const picked = sitePicked.data?.sites[0];
    if (picked && !list.some((s) => s.value === String(picked.id)))
      list.unshift({
        value: String(picked.id),
        label: `${picked.siteCode} · ${picked.name}`,
        disabled: false,
      });
    return list;
  }, [siteMatches.data, sitePicked.data]);

  const types = useEquipmentTypeOptions();
  const typeData = (types.data?.equipmentTypes ?? []).map((t) => ({
    value: String(t.id),
    label: `${t.name} (every ${t.inspectionIntervalDays} days)`,
  }));
  const units = useSiteEquipment(opened ? pickedSite : undefined);
  const unitData = (units.data?.equipments ?? [])
    .filter((u) => u.status !== 'retired')
    .map((u) => ({ value: String(u.id), label: `${u.assetTag} · ${u.name}` }));
  const templates = usePublishedTemplates();
  const templateData = [
    { value: '', label: "Each type's default template" },
    ...(templates.data?.templates ?? [])
      .filter((t) => t.publishedVersion !== null)
      .map((t) => ({ value: String(t.id), label: `${t.name} (v${t.publishedVersion})` })),
  ];
  const categories = useActiveCategories();
  const categoryData = (categories.data?.categories ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
  }));
  const inspectors = useInspectors();
  const inspectorData = (inspectors.data?.inspectors ?? []).map((i) => ({
    value: String(i.id),
    label: `${i.name} (${i.openAssignments} open)`,
  }));
  if (schedule)
    for (const i of schedule.inspectors)
      if (!inspectorData.some((d) => d.value === String(i.id)))
        inspectorData.unshift({ value: String(i.id), label: i.name });

  const showErrors = (error: unknown) => {
    if (!isApiError(error)) throw error;
    setErrors(formErrors(error.fieldErrors(), values.assigneeMode));
    setFormError(error.message);
  };

  const runPreview = async () => {
    setFormError(null);
    try {
      const result = await previewMutation.mutateAsync({ ...body, days: SCHEDULE_PREVIEW_DAYS_DEFAULT });
      setPreview({ key: bodyKey, result });
      setErrors({});
    } catch (error) {
      setPreview(null);
      showErrors(error);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!previewIsCurrent) {
      await runPreview();
      return;
    }
    try {
      const result = await save.mutateAsync({ id: schedule?.id ?? null, body });
      notifications.show({ color: 'teal', message: result.message });
      onClose();
    } catch (error) {
      showErrors(error);
    }
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={editing ? 'Edit schedule' : 'New schedule'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate data-testid="schedule-form">
        <Stack gap="md">
          {formError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {formError}
            </Alert>
          ) : null}
          {editing ? (
            <Alert color="blue" variant="light" p="xs">
              <Text size="sm" c="dark.8">
                Changes apply to assignments not created yet. Those already created stay as they are.
              </Text>
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            required
            placeholder="e.g. Monthly extinguisher rounds"
            maxLength={SCHEDULE_NAME_MAX}
            value={values.name}
            error={errors.name || null}
            onChange={(e) => set('name', e.currentTarget.value)}
            data-testid="schedule-name"
          />
          <Select
            label="Site"
            placeholder="Search by site code or name"
            required
            searchable
            disabled={siteId !== undefined}
            data={siteData}
            searchValue={siteSearch}
            onSearchChange={setSiteSearch}
            filter={({ options }) => options}
            nothingFoundMessage={siteMatches.isFetching ? 'Searching…' : 'No site matches'}
            value={values.siteId}
            onChange={(v) => {
              set('siteId', v);
              set('equipmentIds', []);
            }}
            error={errors.siteId || null}
            comboboxProps={{ withinPortal: true }}
            data-testid="schedule-site"
          />

          <Stack gap={6}>
            <Text size="sm" fw={500} id="schedule-scope-label">
              Equipment
            </Text>
            <SegmentedControl
              aria-labelledby="schedule-scope-label"
              value={values.scope}
              onChange={(v) => set('scope', v as ScheduleScope)}
              data={[
                { value: 'all', label: 'All equipment' },
                { value: 'types', label: 'These types' },
                { value: 'units', label: 'These units' },
              ]}
              data-testid="schedule-scope"
            />
            {values.scope === 'types' ? (
              <MultiSelect
                label="Equipment types"
                placeholder="Pick types"
                searchable
                data={typeData}
                value={values.equipmentTypeIds}
                onChange={(v) => set('equipmentTypeIds', v)}
                error={errors.equipmentTypeIds || null}
                comboboxProps={{ withinPortal: true }}
              />
            ) : values.scope === 'units' ? (
              <MultiSelect
                label="Units"
                placeholder={pickedSite ? 'Pick units' : 'Pick a site first'}
                searchable
                disabled={!pickedSite}
                data={unitData}
                value={values.equipmentIds}
                onChange={(v) => set('equipmentIds', v)}
                error={errors.equipmentIds || null}
                nothingFoundMessage={units.isFetching ? 'Loading…' : 'No units at this site'}
                comboboxProps={{ withinPortal: true }}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {pickedSite
                  ? units.isFetching
                    ? 'Counting units…'
                    : `${plural(unitData.length, 'unit')} at this site that are not retired`
                  : 'Every unit at the site that is in service, now and as units are added'}
              </Text>
            )}
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Template"
              searchable
              data={templateData}
              value={values.templateId}
              onChange={(v) => set('templateId', v ?? '')}
              allowDeselect={false}
              error={errors.templateId || null}
              comboboxProps={{ withinPortal: true }}
              data-testid="schedule-template"
            />
            <Select
              label="Category"
              placeholder="Pick a category"
              required
              searchable
              data={categoryData}
              value={values.categoryId}
              onChange={(v) => set('categoryId', v)}
              error={errors.categoryId || null}
              comboboxProps={{ withinPortal: true }}
              data-testid="schedule-category"
            />
          </SimpleGrid>

          <Stack gap={6}>
            <Text size="sm" fw={500} id="schedule-interval-label">
              Repeat
            </Text>
            <SegmentedControl
              aria-labelledby="schedule-interval-label"
              value={values.intervalUnit}
              onChange={(v) => set('intervalUnit', v as ScheduleIntervalUnit)}
              data={[
                { value: 'type', label: "Type's own" },
                { value: 'days', label: 'Days' },
                { value: 'weeks', label: 'Weeks' },
                { value: 'months', label: 'Months' },
              ]}
              data-testid="schedule-interval-unit"
            />
            {values.intervalUnit === 'type' ? (
              <Text size="sm" c="dimmed">
                Each unit is due by its type's inspection interval, counted from its last inspection.
              </Text>
            ) : (
              <NumberInput
                label={`Every how many ${values.intervalUnit}`}
                min={1}
                max={3650}
                allowDecimal={false}
                value={values.intervalCount}
                onChange={(v) => set('intervalCount', typeof v === 'number' ? v : '')}
                error={errors.intervalCount || null}
                maw={240}
                data-testid="schedule-interval-count"
              />
            )}
          </Stack>

          <Stack gap={6}>
            <Text size="sm" fw={500} id="schedule-assignee-label">
              Assign to
            </Text>
            <SegmentedControl
              aria-labelledby="schedule-assignee-label"
              value={values.assigneeMode}
              onChange={(v) => set('assigneeMode', v as ScheduleFormValues['assigneeMode'])}
              data={[
                { value: 'inspector', label: 'One inspector' },
                { value: 'least_loaded', label: 'Least loaded of a group' },
              ]}
            />
            {values.assigneeMode === 'inspector' ? (
              <Select
                label="Inspector"
                placeholder="Search inspectors"
                required
                searchable
                data={inspectorData}
                value={values.inspectorId}
                onChange={(v) => set('inspectorId', v)}
                error={errors.inspectorId || null}
                comboboxProps={{ withinPortal: true }}
                data-testid="schedule-inspector"
              />
            ) : (
              <MultiSelect
                label="Inspectors"
                description="Each assignment goes to whoever of them has the fewest open assignments"
                placeholder="Pick inspectors"
                required
                searchable
                data={inspectorData}
                value={values.inspectorIds}
                onChange={(v) => set('inspectorIds', v)}
                error={errors.inspectorIds || null}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Lead time (days)"
              description="Created this long before due"
              min={0}
              max={365}
              allowDecimal={false}
              value={values.leadDays}
              onChange={(v) => set('leadDays', typeof v === 'number' ? v : '')}
              error={errors.leadDays || null}
              data-testid="schedule-lead"
            />
            <DateField
              label="Starts on"
              description="Nothing falls due before it"
              value={values.startsOn}
              onChange={(value) => set('startsOn', value)}
              error={errors.startsOn || null}
            />
            <DateField
              label="Ends on"
              description="Optional"
              value={values.endsOn}
              onChange={(value) => set('endsOn', value)}
              error={errors.endsOn || null}
            />
          </SimpleGrid>

          <Stack gap={4}>
            <Text size="sm" fw={500} id="schedule-priority-label">
              Priority of the assignments
            </Text>
            <SegmentedControl
              aria-labelledby="schedule-priority-label"
              value={values.priority}
              onChange={(v) => set('priority', v as AssignmentPriority)}
              data={assignmentPriorities.map((p) => ({ value: p, label: priorityLabels[p] }))}
            />
          </Stack>

          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Title order={3} size="h5">
                Preview
              </Title>
              {preview && !previewIsCurrent ? (
                <Badge color="yellow" variant="light" data-testid="schedule-preview-stale">
                  Changed since the preview
                </Badge>
              ) : null}
            </Group>
            {preview ? (
              <PreviewPanel preview={preview.result} />
            ) : (
              <Text size="sm" c="dimmed">
                See the assignments this schedule will create in the next {SCHEDULE_PREVIEW_DAYS_DEFAULT} days
                before saving it.
              </Text>
            )}
          </Stack>

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button
              variant={previewIsCurrent ? 'default' : 'filled'}
              leftSection={<IconEye size={16} aria-hidden="true" />}
              onClick={() => void runPreview()}
              loading={previewMutation.isPending}
              data-testid="schedule-preview-button"
            >
              {preview ? 'Preview again' : 'Preview'}
            </Button>
            <Button
              type="submit"
              disabled={!previewIsCurrent}
              loading={save.isPending}
              data-testid="schedule-save"
              title={previewIsCurrent ? undefined : 'Preview these settings first'}
            >
              {editing ? 'Save changes' : 'Create schedule'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
