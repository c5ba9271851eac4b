import type { InspectionCategory } from '@inspecta/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  ColorSwatch,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconListCheck,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { isApiError } from '@/lib/api-client';
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
  const [searchText, setSearchText] = useState(search);
  const pushSearch = useDebouncedCallback((value: string) => update({ q: value.trim() || null }), 300);
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

      <Paper withBorder p="md" bg="white" mb="md">
        <Group gap="md" wrap="wrap" align="flex-end">
          <TextInput
            label="Search categories"
            placeholder="Name or description"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              pushSearch(event.currentTarget.value);
            }}
            style={{ flex: '1 1 260px' }}
          />
          <Box>
            <Text component="span" size="sm" fw={500} display="block" mb={4} id="category-status-label">
              Status
            </Text>
            <SegmentedControl
              aria-labelledby="category-status-label"
              value={status}
              onChange={(value) => update({ status: value === 'all' ? null : value })}
              data={[
                { value: 'all', label: 'All' },
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
            />
          </Box>
        </Group>
      </Paper>

      {query.isPending ? (
        <TableSkeleton />
      ) : categories.length === 0 ? (
        <EmptyState icon={IconListCheck} data-testid="categories-empty">
          {query.isError ? (
            <Stack align="center" gap="sm">
              <span>No categories to show.</span>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconRefresh size={14} aria-hidden="true" />}
                onClick={() => query.refetch()}
              >
                Try again
              </Button>
            </Stack>
          ) : filtered ? (
            'No categories match these filters.'
          ) : (
            'No inspection categories yet. Create the first one, such as Routine or Annual certification.'
          )}
        </EmptyState>
      ) : (
        <Paper withBorder bg="white" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              highlightOnHover
              data-testid="categories-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Templates</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th visibleFrom="md">Updated</Table.Th>
                  <Table.Th w={56}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Tooltip label="Actions" withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Actions for ${category.name}`}
                            >
                              <IconDots size={18} aria-hidden="true" />
                            </ActionIcon>
                          </Tooltip>
                        </Menu.Target>
                        <Menu.Dropdown>
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
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      {pages > 1 ? (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {total} categories
          </Text>
          <Pager total={pages} value={page} onChange={(next) => update({ page: String(next) })} />
        </Group>
      ) : null}

      <CategoryFormModal opened={formOpen} category={editing} onClose={() => setFormOpen(false)} />
    </>
  );
}
