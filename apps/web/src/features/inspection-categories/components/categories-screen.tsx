import type { InspectionCategory } from '@inspecta/contract';
import { Badge, Button, ColorSwatch, Group, Menu, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconListCheck,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { countActive, ListSearchInput, SegmentedFilter } from '@/components/list-screen/list-filters';
import { ListCount, ListScreen } from '@/components/list-screen/list-screen';
import { ListTable } from '@/components/list-screen/list-table';
import { PageHeader } from '@/components/ui/page-header';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { isApiError } from '@/lib/api-client';
import { formatCountOf } from '@/utils/format-count';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { useDeleteInspectionCategory } from '../api/delete-inspection-category';
import { useInspectionCategories } from '../api/get-inspection-categories';
import { useUpdateInspectionCategory } from '../api/update-inspection-category';
import { CategoryFormModal } from './category-form-modal';

export const CATEGORIES_PAGE_SIZE = 20;
const STATUSES = ['all', 'active', 'inactive'] as const;
type StatusFilter = (typeof STATUSES)[number];

function useCategoryFilters() {
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as StatusFilter)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
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
  return { status, page, search, update };
}

function TableSkeleton() {
  return (
    <Paper withBorder p="lg" bg="white" aria-busy="true" aria-label="Loading categories">
      <Stack gap="lg">
        {[0, 1, 2, 3].map((row) => (
          <Group key={row} gap="md" wrap="nowrap">
            <Skeleton circle height={20} />
            <Skeleton height={12} width="25%" />
            <Skeleton height={10} width="45%" />
            <Skeleton height={12} width="10%" ml="auto" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The Inspection screen (/dashboard/picategory): the categories inspections and templates are filed under. */
export function InspectionCategoriesScreen() {
  const { status, page, search, update } = useCategoryFilters();
  const [editing, setEditing] = useState<InspectionCategory | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const query = useInspectionCategories({
    search: search || undefined,
    status,
    page,
    limit: CATEGORIES_PAGE_SIZE,
    sort: 'name',
  });
  const updateCategory = useUpdateInspectionCategory();
  const deleteCategory = useDeleteInspectionCategory();

  const openForm = (category: InspectionCategory | null) => {
    setEditing(category);
    setFormOpen(true);
  };

  const setActive = async (category: InspectionCategory, active: boolean) => {
    try {
      const result = await updateCategory.mutateAsync({ id: category.id, body: { active } });
      notifications.show({ color: 'green', title: result.message, message: category.name });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not change the category',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    }
  };

  const confirmDelete = (category: InspectionCategory) =>
    modals.openConfirmModal({
      title: `Delete “${category.name}”?`,
      centered: true,
      children: (
        <Text size="sm">
          The category is removed for good. A category that templates or inspections use cannot be deleted;
          deactivate it instead.
        </Text>
      ),
      labels: { confirm: 'Delete category', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const result = await deleteCategory.mutateAsync(category.id);
          notifications.show({ color: 'green', title: 'Category deleted', message: result.message });
        } catch (error) {
          const inUse = isApiError(error) && error.code === 'CONFLICT';
          notifications.show({
            color: 'red',
            title: inUse ? 'This category is in use' : 'Could not delete the category',
            message: isApiError(error) ? error.message : 'Please try again.',
            autoClose: inUse ? 9000 : 5000,
          });
        }
      },
    });

  const categories = query.data?.categories ?? [];
  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CATEGORIES_PAGE_SIZE));
  const filtered = Boolean(search) || status !== 'all';

  return (
    <>
      <PageHeader
        title="Inspection"
        description="Categories that group inspections and checklists, such as routine visits or annual certification."
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => openForm(null)}>
            New category
          </Button>
        }
      />

      <ListScreen
        search={
          <ListSearchInput
            label="Search categories"
            placeholder="Name or description"
            value={search}
            onSearch={(text) => update({ q: text || null })}
            flex="1 1 260px"
          />
        }
        activeFilters={countActive(status !== 'all')}
        filters={
          <SegmentedFilter
            id="category-status-label"
            label="Status"
            value={status}
            onChange={(value) => update({ status: value === 'all' ? null : value })}
            data={[
              { value: 'all', label: 'All' },
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ]}
          />
        }
        query={query}
        rowCount={categories.length}
        skeleton={<TableSkeleton />}
        empty={{
          icon: IconListCheck,
          'data-testid': 'categories-empty',
          failedText: 'No categories to show.',
          text: filtered
            ? 'No categories match these filters.'
            : 'No inspection categories yet. Create the first one, such as Routine or Annual certification.',
        }}
        footer={
          pages > 1 ? (
            <ListCount
              text={formatCountOf(total, query.data?.pagination.totalIsCapped, ['category', 'categories'])}
              pages={pages}
              page={page}
              onPage={(next) => update({ page: String(next) })}
            />
          ) : null
        }
      >
        <ListTable
          minWidth={640}
          data-testid="categories-table"
          columns={
            <>
              <Table.Th>Category</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Templates</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th visibleFrom="md">Updated</Table.Th>
            </>
          }
        >
          {categories.map((category) => (
            <Table.Tr key={category.id} data-testid="category-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <ColorSwatch color={category.colour} size={18} aria-hidden="true" />
                  <Text fw={600} size="sm">
                    {category.name}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" lineClamp={2} maw={420}>
                  {category.description ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{category.templateCount}</Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="dot"
                  color={category.active ? 'green' : 'gray'}
                  c="dark.7"
                  tt="none"
                  radius="sm"
                >
                  {category.active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" c="dimmed" title={formatDateTime(category.updatedAt)}>
                  {formatRelativeTime(category.updatedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActionsMenu label={`Actions for ${category.name}`}>
                  <Menu.Item
                    leftSection={<IconPencil size={16} aria-hidden="true" />}
                    onClick={() => openForm(category)}
                  >
                    Edit
                  </Menu.Item>
                  {category.active ? (
                    <Menu.Item
                      leftSection={<IconPlayerPause size={16} aria-hidden="true" />}
                      onClick={() => setActive(category, false)}
                    >
                      Deactivate
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
                      onClick={() => setActive(category, true)}
                    >
                      Activate
                    </Menu.Item>
                  )}
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden="true" />}
                    onClick={() => confirmDelete(category)}
                  >
                    Delete
                  </Menu.Item>
                </RowActionsMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListScreen>

      <CategoryFormModal opened={formOpen} category={editing} onClose={() => setFormOpen(false)} />
    </>
  );
}
