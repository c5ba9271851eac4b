import type { TemplateStatus, TemplateSummary } from '@inspecta/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconFileDescription,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { countActive, ListSearchInput } from '@/components/list-screen/list-filters';
import { ListCount, ListScreen } from '@/components/list-screen/list-screen';
import { ListTable } from '@/components/list-screen/list-table';
import { ExportMenu } from '@/components/ui/export-menu';
import { PageHeader } from '@/components/ui/page-header';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { templatePath } from '@/config/paths';
import { useCategoryOptions } from '@/features/inspection-categories';
import { isApiError } from '@/lib/api-client';
import { formatCountOf } from '@/utils/format-count';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { useArchiveTemplate } from '../api/archive-template';
import { useDuplicateTemplate } from '../api/duplicate-template';
import { exportTemplates } from '../api/export-templates';
import { useEquipmentTypeOptions } from '../api/get-equipment-type-options';
import { useTemplates } from '../api/get-templates';
import { useRestoreTemplate } from '../api/restore-template';
import { TemplateDetailsModal } from './template-details-modal';
import { TemplateStatusBadges } from './template-status-badge';

export const TEMPLATES_PAGE_SIZE = 20;
const STATUSES: TemplateStatus[] = ['draft', 'published', 'archived'];

function useTemplateFilters() {
  const [params, setParams] = useSearchParams();
  const number = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const statusParam = params.get('status');
  const status = STATUSES.includes(statusParam as TemplateStatus)
    ? (statusParam as TemplateStatus)
    : undefined;
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    search: params.get('q') ?? '',
    categoryId: number('category'),
    equipmentTypeId: number('type'),
    status,
    page: number('page') ?? 1,
    update,
  };
}

function ListSkeleton() {
  return (
    <Paper withBorder p="lg" bg="white" aria-busy="true" aria-label="Loading templates">
      <Stack gap="lg">
        {[0, 1, 2, 3, 4].map((row) => (
          <Group key={row} gap="md" wrap="nowrap">
            <Stack gap={6} style={{ flex: 2 }}>
              <Skeleton height={12} width="60%" />
              <Skeleton height={10} width="85%" />
            </Stack>
            <Skeleton height={18} width={90} radius="xl" />
            <Skeleton height={18} width={110} radius="xl" />
            <Skeleton height={12} width={60} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Template Management (/dashboard/invoice): every checklist with its version and status. */
export function TemplatesScreen() {
  const filters = useTemplateFilters();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const query = useTemplates({
    search: filters.search || undefined,
    categoryId: filters.categoryId,
    equipmentTypeId: filters.equipmentTypeId,
    status: filters.status,
    page: filters.page,
    limit: TEMPLATES_PAGE_SIZE,
    sort: '-updatedAt',
  });
  const categories = useCategoryOptions();
  const equipmentTypes = useEquipmentTypeOptions();
  const duplicate = useDuplicateTemplate();
  const archive = useArchiveTemplate();
  const restore = useRestoreTemplate();

  const categoryData = useMemo(
    () => (categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    [categories.data],
  );
  const typeData = useMemo(() => {
    const groups = new Map<string, Array<{ value: string; label: string }>>();
    for (const t of equipmentTypes.data?.equipmentTypes ?? []) {
      groups.set(t.category, [...(groups.get(t.category) ?? []), { value: String(t.id), label: t.name }]);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [equipmentTypes.data]);

  const run = async (
    action: () => Promise<{ message: string; template: TemplateSummary }>,
    failure: string,
  ) => {
    try {
      const result = await action();
      notifications.show({ color: 'green', title: result.message, message: result.template.name });
      return result;
    } catch (error) {
      notifications.show({
        color: 'red',
        title: failure,
        message: isApiError(error) ? error.message : 'Please try again.',
      });
      return null;
    }
  };

  const onDuplicate = async (template: TemplateSummary) => {
    const result = await run(() => duplicate.mutateAsync(template.id), 'Could not copy the template');
    if (result) void navigate(templatePath(result.template.id));
  };

  const onArchive = (template: TemplateSummary) =>
    modals.openConfirmModal({
      title: `Archive “${template.name}”?`,
      centered: true,
      children: (
        <Text size="sm">
          Archived templates are no longer offered for new inspections and stop being the default checklist of
          their equipment types. Past inspections keep their version. You can restore it later.
        </Text>
      ),
      labels: { confirm: 'Archive template', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(() => archive.mutateAsync(template.id), 'Could not archive the template'),
    });

  const templates = query.data?.templates ?? [];
  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TEMPLATES_PAGE_SIZE));
  const filtered = Boolean(filters.search || filters.categoryId || filters.equipmentTypeId || filters.status);

  return (
    <>
      <PageHeader
        title="Template Management"
        description="The checklists inspectors complete for each kind of equipment, with every published version kept."
        actions={
          <Group gap="sm">
            <ExportMenu
              label="templates"
              onExport={(format, options) =>
                exportTemplates(
                  format,
                  {
                    search: filters.search || undefined,
                    categoryId: filters.categoryId,
                    equipmentTypeId: filters.equipmentTypeId,
                    status: filters.status,
                  },
                  options,
                )
              }
              disabled={query.isPending || (query.data?.pagination.total ?? 0) === 0}
              data-testid="templates-export"
            />
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
              New template
            </Button>
          </Group>
        }
      />

      <ListScreen
        search={
          <ListSearchInput
            label="Search templates"
            placeholder="Name or description"
            value={filters.search}
            onSearch={(text) => filters.update({ q: text || null })}
            flex="2 1 220px"
          />
        }
        activeFilters={countActive(filters.categoryId, filters.equipmentTypeId, filters.status)}
        filters={
          <>
            <Select
              label="Category"
              placeholder="All categories"
              data={categoryData}
              value={filters.categoryId ? String(filters.categoryId) : null}
              onChange={(value) => filters.update({ category: value })}
              clearable
              style={{ flex: '1 1 170px' }}
            />
            <Select
              label="Equipment type"
              placeholder="All equipment"
              data={typeData}
              value={filters.equipmentTypeId ? String(filters.equipmentTypeId) : null}
              onChange={(value) => filters.update({ type: value })}
              clearable
              searchable
              style={{ flex: '1 1 200px' }}
            />
            <Select
              label="Status"
              placeholder="Any status"
              data={[
                { value: 'published', label: 'Published' },
                { value: 'draft', label: 'Draft' },
                { value: 'archived', label: 'Archived' },
              ]}
              value={filters.status ?? null}
              onChange={(value) => filters.update({ status: value })}
              clearable
              style={{ flex: '1 1 140px' }}
            />
          </>
        }
        query={query}
        rowCount={templates.length}
        skeleton={<ListSkeleton />}
        empty={{
          icon: IconFileDescription,
          'data-testid': 'templates-empty',
          failedText: 'No templates to show.',
          text: filtered
            ? 'No templates match these filters.'
            : 'No templates yet. Create the first checklist, such as a monthly fire extinguisher inspection.',
        }}
        footer={
          templates.length > 0 ? (
            <ListCount
              text={formatCountOf(total, query.data?.pagination.totalIsCapped, ['template', 'templates'])}
              pages={pages}
              page={filters.page}
              onPage={(next) => filters.update({ page: String(next) })}
            />
          ) : null
        }
      >
        <ListTable
          minWidth={760}
          data-testid="templates-table"
          columns={
            <>
              <Table.Th>Template</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th visibleFrom="lg">Equipment types</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Items</Table.Th>
              <Table.Th visibleFrom="md">Updated</Table.Th>
            </>
          }
        >
          {templates.map((template) => (
            <Table.Tr key={template.id} data-testid="template-row">
              <Table.Td maw={360}>
                <Anchor component={Link} to={templatePath(template.id)} fw={600} size="sm">
                  {template.name}
                </Anchor>
                {template.description ? (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {template.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td miw={150}>
                {template.category ? (
                  <Badge
                    variant="dot"
                    color={template.category.colour}
                    radius="sm"
                    size="md"
                    tt="none"
                    c="dark.7"
                  >
                    {template.category.name}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="lg" maw={260}>
                <Text size="sm" lineClamp={2}>
                  {template.equipmentTypes.length
                    ? template.equipmentTypes.map((t) => t.name).join(', ')
                    : '—'}
                </Text>
              </Table.Td>
              <Table.Td miw={140}>
                <TemplateStatusBadges template={template} size="md" />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{template.itemCount}</Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" c="dimmed" title={formatDateTime(template.updatedAt)}>
                  {formatRelativeTime(template.updatedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActionsMenu label={`Actions for ${template.name}`}>
                  <Menu.Item
                    component={Link}
                    to={templatePath(template.id)}
                    leftSection={<IconPencil size={16} aria-hidden="true" />}
                  >
                    {template.status === 'archived' ? 'View' : 'Open builder'}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconCopy size={16} aria-hidden="true" />}
                    onClick={() => void onDuplicate(template)}
                  >
                    Duplicate
                  </Menu.Item>
                  <Menu.Divider />
                  {template.status === 'archived' ? (
                    <Menu.Item
                      leftSection={<IconArchiveOff size={16} aria-hidden="true" />}
                      onClick={() =>
                        void run(() => restore.mutateAsync(template.id), 'Could not restore the template')
                      }
                    >
                      Restore
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      color="red"
                      leftSection={<IconArchive size={16} aria-hidden="true" />}
                      onClick={() => onArchive(template)}
                    >
                      Archive
                    </Menu.Item>
                  )}
                </RowActionsMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListScreen>

      <TemplateDetailsModal
        opened={creating}
        template={null}
        onClose={() => setCreating(false)}
        onSaved={(template) => void navigate(templatePath(template.id))}
      />
    </>
  );
}
