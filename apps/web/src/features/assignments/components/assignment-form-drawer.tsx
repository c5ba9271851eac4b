import {
  type Assignment,
  type AssignmentPriority,
  assignmentPriorities,
  type CreateAssignmentBody,
  createAssignmentBodySchema,
  updateAssignmentBodySchema,
} from '@inspecta/contract';
import {
  Alert,
  Button,
  Drawer,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useMemo, useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { useSiteEquipment, useSiteOptions } from '@/features/equipment';
import { useActiveCategories } from '@/features/inspection-categories';
import { usePublishedTemplates } from '@/features/templates';
import { isApiError } from '@/lib/api-client';
import { todayIso } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { useCreateAssignment } from '../api/create-assignment';
import { useInspectors } from '../api/get-inspectors';
import { useUpdateAssignment } from '../api/update-assignment';
import { priorityLabels, workloadLabel } from '../lib/format';

interface FormValues {
  siteId: string | null;
  inspectorId: string | null;
  categoryId: string | null;
  templateId: string | null;
  equipmentScope: 'all' | 'selected';
  equipmentIds: string[];
  scheduledFor: string;
  dueOn: string;
  priority: AssignmentPriority;
  notes: string;
}

function emptyValues(): FormValues {
  const today = todayIso();
  const week = todayIso(new Date(Date.now() + 7 * 86_400_000));
  return {
    siteId: null,
    inspectorId: null,
    categoryId: null,
    templateId: null,
    equipmentScope: 'all',
    equipmentIds: [],
    scheduledFor: today,
    dueOn: week,
    priority: 'normal',
    notes: '',
  };
}

function fromAssignment(a: Assignment): FormValues {
  return {
    siteId: String(a.site.id),
    inspectorId: String(a.inspector.id),
    categoryId: String(a.category.id),
    templateId: String(a.template.id),
    equipmentScope: 'selected',
    equipmentIds: a.equipment.map((u) => String(u.id)),
    scheduledFor: a.scheduledFor,
    dueOn: a.dueOn,
    priority: a.priority,
    notes: a.notes ?? '',
  };
}

const createSchema = createAssignmentBodySchema;

function createBody(values: FormValues): CreateAssignmentBody {
  return {
    siteId: Number(values.siteId),
    inspectorId: Number(values.inspectorId),
    categoryId: Number(values.categoryId),
    templateId: Number(values.templateId),
    equipmentScope: values.equipmentScope,
    equipmentIds: values.equipmentScope === 'selected' ? values.equipmentIds.map(Number) : [],
    scheduledFor: values.scheduledFor,
    dueOn: values.dueOn,
    priority: values.priority,
    notes: values.notes,
  };
}
const editSchema = updateAssignmentBodySchema;

interface AssignmentFormDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this assignment; without it the drawer creates one. */
  assignment?: Assignment | null;
  /** A new assignment's starting values (a client's inspection request: site, units, category, date). */
  prefill?: AssignmentPrefill | null;
  /**
   * Sends the new assignment somewhere else than POST /api/auth/create/assignments/admin (a
   * request's "Schedule" posts the same body to /api/inspection-requests/:id/schedule); answers the
   * message to show.
   */
  onCreate?: (body: CreateAssignmentBody) => Promise<{ message: string }>;
  /** The drawer's title when creating (default "New assignment"). */
  createTitle?: string;
}

/** What a new assignment can start with. */
export interface AssignmentPrefill {
  siteId: number;
  /** How the site shows in the picker ("S-001 · Tower A"), in case it is not on the picker's first page. */
  siteLabel?: string;
  /** Chosen units; empty = all of the site's equipment. */
  equipmentIds?: number[];
  categoryId?: number | null;
  /** YYYY-MM-DD; the due date starts a week later. */
  scheduledFor?: string | null;
  notes?: string;
}

function fromPrefill(prefill: AssignmentPrefill): FormValues {
  const values = emptyValues();
  const scheduledFor =
    prefill.scheduledFor && prefill.scheduledFor >= values.scheduledFor
      ? prefill.scheduledFor
      : values.scheduledFor;
  const equipmentIds = (prefill.equipmentIds ?? []).map(String);
  return {
    ...values,
    siteId: String(prefill.siteId),
    categoryId: prefill.categoryId ? String(prefill.categoryId) : null,
    equipmentScope: equipmentIds.length ? 'selected' : 'all',
    equipmentIds,
    scheduledFor,
    dueOn: todayIso(new Date(Date.parse(`${scheduledFor}T00:00:00Z`) + 7 * 86_400_000)),
    notes: prefill.notes ?? '',
  };
}

/** Create or edit an assignment: site, inspector (with workload), template, units, dates, priority. */
export function AssignmentFormDrawer({
  opened,
  onClose,
  assignment,
  prefill,
  onCreate,
  createTitle = 'New assignment',
}: AssignmentFormDrawerProps) {
  const editing = Boolean(assignment);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: emptyValues(),
    validate: (values) => {
      const resolver = zod4Resolver(editing ? editSchema : createSchema);
      const { equipmentScope, siteId, categoryId, templateId, ...changeable } = values;
      return resolver(
        (editing ? changeable : { ...changeable, equipmentScope, siteId, categoryId, templateId }) as Record<
          string,
          unknown
        >,
      );
    },
  });
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the drawer opens
  useEffect(() => {
    if (!opened) return;
    setFormError(null);
    const values = assignment ? fromAssignment(assignment) : prefill ? fromPrefill(prefill) : emptyValues();
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
  }, [opened, assignment?.id]);

  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  const [sending, setSending] = useState(false);
  const saving = create.isPending || update.isPending || sending;

  // ---- pickers
  const [siteSearch, setSiteSearch] = useState('');
  const [siteTerm] = useDebouncedValue(siteSearch, 250);
  const selectedSiteId = form.values.siteId ? Number(form.values.siteId) : undefined;
  const siteOptions = useSiteOptions(
    siteTerm.includes(' · ') ? {} : siteTerm.trim() ? { search: siteTerm.trim() } : {},
    {
      enabled: opened && !editing,
    },
  );
  const siteData = useMemo(() => {
    const list = (siteOptions.data?.sites ?? []).map((s) => ({
      value: String(s.id),
      label: `${s.siteCode} · ${s.name}`,
      disabled: s.status !== 'active',
    }));
    if (assignment && !list.some((s) => s.value === String(assignment.site.id)))
      list.unshift({
        value: String(assignment.site.id),
        label: `${assignment.site.siteCode} · ${assignment.site.name}`,
        disabled: false,
      });
    if (prefill?.siteLabel && !list.some((s) => s.value === String(prefill.siteId)))
      list.unshift({ value: String(prefill.siteId), label: prefill.siteLabel, disabled: false });
    return list;
  }, [siteOptions.data, assignment, prefill]);

  const [inspectorSearch, setInspectorSearch] = useState('');
  const inspectors = useInspectors();
  const inspectorData = useMemo(() => {
    const list = (inspectors.data?.inspectors ?? []).map((i) => ({
      value: String(i.id),
      label: i.name,
      workload: workloadLabel(i.openAssignments),
    }));
    if (assignment && !list.some((i) => i.value === String(assignment.inspector.id)))
      list.unshift({
        value: String(assignment.inspector.id),
        label: assignment.inspector.name,
        workload: '',
      });
    return list;
  }, [inspectors.data, assignment]);
  const workloadOf = (value: string) => inspectorData.find((i) => i.value === value)?.workload ?? '';

  const categories = useActiveCategories();
  const categoryData = (categories.data?.categories ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
  }));

  const templates = usePublishedTemplates();
  const templateData = useMemo(
    () =>
      (templates.data?.templates ?? [])
        .filter((t) => t.publishedVersion !== null)
        .filter(
          (t) => !form.values.categoryId || !t.category || String(t.category.id) === form.values.categoryId,
        )
        .map((t) => ({ value: String(t.id), label: `${t.name} (v${t.publishedVersion})` })),
    [templates.data, form.values.categoryId],
  );

  const units = useSiteEquipment(opened ? selectedSiteId : undefined);
  const unitData = (units.data?.equipments ?? [])
    .filter((u) => u.status !== 'retired')
    .map((u) => ({ value: String(u.id), label: `${u.assetTag} · ${u.name}` }));

  // ---- submit
  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    setSending(true);
    try {
      if (assignment) {
        const result = await update.mutateAsync({
          id: assignment.id,
          body: {
            inspectorId: Number(values.inspectorId),
            scheduledFor: values.scheduledFor,
            dueOn: values.dueOn,
            priority: values.priority,
            notes: values.notes,
            equipmentIds: values.equipmentIds.map(Number),
          },
        });
        notifications.show({ color: 'green', message: result.message });
      } else if (onCreate) {
        const result = await onCreate(createBody(values));
        notifications.show({ color: 'green', message: result.message });
      } else {
        const result = await create.mutateAsync(createBody(values));
        notifications.show({
          color: 'green',
          message: `${result.message}: ${result.assignment.site.name} for ${result.assignment.inspector.name}`,
        });
      }
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        if (error.details.length) form.setErrors(error.fieldErrors());
        setFormError(error.message);
        notifications.show({ color: 'red', message: error.message });
      } else throw error;
    } finally {
      setSending(false);
    }
  });

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={editing ? 'Edit assignment' : createTitle}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate data-testid="assignment-form">
        <Stack gap="md">
          {formError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {formError}
            </Alert>
          ) : null}
          {editing && assignment ? (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {assignment.site.siteCode} · {assignment.site.name}
              </Text>
              <Text size="sm" c="dimmed">
                {assignment.category.name} · {assignment.template.name} (version {assignment.template.version}
                )
              </Text>
            </Stack>
          ) : (
            <>
              <Select
                label="Site"
                placeholder="Search by site code or name"
                required
                searchable
                data={siteData}
                searchValue={siteSearch}
                onSearchChange={setSiteSearch}
                filter={({ options }) => options}
                nothingFoundMessage={siteOptions.isFetching ? 'Searching…' : 'No site matches'}
                comboboxProps={{ withinPortal: true }}
                data-testid="assignment-site"
                {...form.getInputProps('siteId')}
                onChange={(value) => {
                  form.setFieldValue('siteId', value);
                  form.setFieldValue('equipmentIds', []);
                }}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Category"
                  placeholder="Pick a category"
                  required
                  searchable
                  data={categoryData}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="assignment-category"
                  {...form.getInputProps('categoryId')}
                  onChange={(value) => {
                    form.setFieldValue('categoryId', value);
                    form.setFieldValue('templateId', null);
                  }}
                />
                <Select
                  label="Template"
                  description="The published version is pinned"
                  placeholder="Pick a published template"
                  required
                  searchable
                  data={templateData}
                  nothingFoundMessage="No published template in this category"
                  comboboxProps={{ withinPortal: true }}
                  data-testid="assignment-template"
                  {...form.getInputProps('templateId')}
                />
              </SimpleGrid>
            </>
          )}

          <Select
            label="Inspector"
            placeholder="Search inspectors"
            required
            searchable
            data={inspectorData}
            searchValue={inspectorSearch}
            onSearchChange={setInspectorSearch}
            description={form.values.inspectorId ? workloadOf(form.values.inspectorId) : 'Least busy first'}
            renderOption={({ option }) => (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                <Text size="xs" c="dimmed">
                  {workloadOf(option.value)}
                </Text>
              </Stack>
            )}
            nothingFoundMessage="No active inspector matches"
            comboboxProps={{ withinPortal: true }}
            data-testid="assignment-inspector"
            {...form.getInputProps('inspectorId')}
          />

          <Stack gap={6}>
            {editing ? null : (
              <SegmentedControl
                aria-label="Equipment to inspect"
                data={[
                  { value: 'all', label: "All of the site's equipment" },
                  { value: 'selected', label: 'Chosen units' },
                ]}
                {...form.getInputProps('equipmentScope')}
              />
            )}
            {editing || form.values.equipmentScope === 'selected' ? (
              <MultiSelect
                label="Equipment"
                placeholder={selectedSiteId ? 'Pick units' : 'Pick a site first'}
                description={editing ? 'Leave empty for a site-level inspection' : undefined}
                searchable
                data={unitData}
                disabled={!selectedSiteId}
                nothingFoundMessage={units.isFetching ? 'Loading…' : 'No units at this site'}
                comboboxProps={{ withinPortal: true }}
                data-testid="assignment-equipment"
                {...form.getInputProps('equipmentIds')}
              />
            ) : (
              <Text size="sm" c="dimmed" data-testid="assignment-equipment-all">
                {selectedSiteId
                  ? units.isFetching
                    ? 'Counting units…'
                    : `${plural(unitData.length, 'unit')} in service at this site`
                  : 'Every unit at the site that is not retired'}
              </Text>
            )}
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label="Scheduled for"
              required
              data-testid="assignment-scheduled"
              {...form.getInputProps('scheduledFor')}
            />
            <DateField
              label="Due on"
              required
              data-testid="assignment-due"
              {...form.getInputProps('dueOn')}
            />
          </SimpleGrid>

          <Stack gap={4}>
            <Text size="sm" fw={500} id="assignment-priority-label">
              Priority
            </Text>
            <SegmentedControl
              aria-labelledby="assignment-priority-label"
              data={assignmentPriorities.map((p) => ({ value: p, label: priorityLabels[p] }))}
              data-testid="assignment-priority"
              {...form.getInputProps('priority')}
            />
          </Stack>

          <Textarea
            label="Notes for the inspector"
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('notes')}
          />

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} data-testid="assignment-submit">
              {editing ? 'Save changes' : 'Create assignment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
