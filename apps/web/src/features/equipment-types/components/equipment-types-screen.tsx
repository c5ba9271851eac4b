import { type EquipmentType, equipmentTypeListQuerySchema } from '@inspecta/contract';
import { Badge, Button, Group, Menu, Select, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArchiveOff, IconBox, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ListViewControls } from '@/components/list-screen/columns-chooser';
import { ActiveArchivedFilter, countActive, ListSearchInput } from '@/components/list-screen/list-filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { ListTable } from '@/components/list-screen/list-table';
import { ExportMenu } from '@/components/ui/export-menu';
import { ListFooter } from '@/components/ui/list-footer';
import { PageHeader } from '@/components/ui/page-header';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { useUrlParams } from '@/hooks/use-url-params';
import { isApiError } from '@/lib/api-client';
import { useDeleteEquipmentType } from '../api/delete-equipment-type';
import { exportEquipmentTypes } from '../api/export-equipment-types';
import { useEquipmentTypeCategories } from '../api/get-equipment-type-categories';
import { useEquipmentTypes } from '../api/get-equipment-types';
import { useUpdateEquipmentType } from '../api/update-equipment-type';
import { EquipmentTypeFormModal } from './equipment-type-form-modal';
import { TypeStatusBadge } from './type-status-badge';

const PAGE_SIZE = 20;
const KEYS = ['search', 'category', 'status', 'sort'] as const;

const SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: 'category', label: 'Category' },
  { value: 'inspectionIntervalDays', label: 'Interval (shortest first)' },
  { value: '-installedCount', label: 'Most installed' },
  { value: '-createdAt', label: 'Newest first' },
];

function intervalText(days: number): string {
  if (days % 365 === 0) return days === 365 ? 'Every year' : `Every ${days / 365} years`;
  if (days === 30) return 'Every month';
  return `Every ${days} days`;
}

/** Screen /dashboard/orders ("Equipment"): the catalogue of equipment types. */
export function EquipmentTypesScreen({ views }: { views?: ReactNode } = {}) {
  const { values, page, update } = useUrlParams(KEYS);

  const status = values.status === 'active' || values.status === 'archived' ? values.status : undefined;
  // A sort the API does not know (a hand-edited URL) falls back to the default order.
  const sort = equipmentTypeListQuerySchema.shape.sort.safeParse(values.sort || undefined).data;
  const query = useEquipmentTypes({
    page,
    limit: PAGE_SIZE,
    ...(values.search ? { search: values.search } : {}),
    ...(values.category ? { category: values.category } : {}),
    ...(status ? { status } : {}),
    ...(sort ? { sort } : {}),
  });
  const categories = useEquipmentTypeCategories();
  const updateType = useUpdateEquipmentType();
  const deleteType = useDeleteEquipmentType();
  const [editing, setEditing] = useState<EquipmentType | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (type: EquipmentType) => {
    setEditing(type);
    setFormOpen(true);
  };

  const setArchived = async (type: EquipmentType, archived: boolean) => {
    try {
      await updateType.mutateAsync({ id: type.id, body: { status: archived ? 'archived' : 'active' } });
      notifications.show({
        color: 'teal',
        title: archived ? 'Equipment type archived' : 'Equipment type restored',
        message: archived
          ? `${type.name} can no longer be chosen for new equipment. Installed units keep it.`
          : `${type.name} can be chosen for new equipment again.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not change the status',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    }
  };

  const confirmDelete = (type: EquipmentType) =>
    modals.openConfirmModal({
      title: `Delete ${type.name}?`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text size="sm">
          The equipment type is removed from the catalogue for good. A type that installed equipment uses
          cannot be deleted: archive it instead.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteType.mutateAsync(type.id);
          notifications.show({ color: 'teal', title: 'Equipment type deleted', message: type.name });
        } catch (error) {
          notifications.show({
            color: 'red',
            title: 'Could not delete',
            message: isApiError(error) ? error.message : 'Please try again.',
            autoClose: 8000,
          });
        }
      },
    });

  const types = query.data?.equipments ?? [];
  const total = query.data?.pagination.total ?? 0;
  const filtered = Boolean(values.search || values.category || status);

  return (
    <>
      <PageHeader
        title="Equipment"
        description="The catalogue of equipment types, how often each is inspected and how many are installed."
        actions={
          <Group gap="sm">
            <ExportMenu
              label="equipment types"
              onExport={(format, options) =>
                exportEquipmentTypes(
                  format,
                  {
                    ...(values.search ? { search: values.search } : {}),
                    ...(values.category ? { category: values.category } : {}),
                    ...(status ? { status } : {}),
                  },
                  options,
                )
              }
              disabled={query.isPending || total === 0}
              data-testid="equipment-types-export"
            />
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={openCreate}>
              Add equipment type
            </Button>
          </Group>
        }
      />

      <ListScreen
        filterGap="sm"
        search={
          <ListSearchInput
            label="Search"
            placeholder="Name, category, manufacturer or model"
            value={values.search}
            onSearch={(text) => update({ search: text })}
            flex="1 1 260px"
          />
        }
        activeFilters={countActive(values.category, status)}
        filters={
          <>
            <Select
              label="Category"
              placeholder="All categories"
              data={categories.data?.categories ?? []}
              value={values.category || null}
              onChange={(value) => update({ category: value })}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear category' }}
              searchable
              style={{ flex: '0 1 220px' }}
            />
            <Select
              label="Sort by"
              // While searching the server's default is "Best match" (sent as no sort); without a term
              // it means nothing and is not offered.
              data={values.search ? SORTS : SORTS.filter((o) => o.value !== 'relevance')}
              value={
                !values.sort || (values.sort === 'relevance' && !values.search)
                  ? values.search
                    ? 'relevance'
                    : 'name'
                  : values.sort
              }
              onChange={(value) =>
                update({ sort: value === (values.search ? 'relevance' : 'name') ? null : value })
              }
              allowDeselect={false}
              style={{ flex: '0 1 200px' }}
            />
            <ActiveArchivedFilter
              id="type-status-label"
              value={status ?? null}
              onChange={(next) => update({ status: next })}
            />
            <ListViewControls views={views} list="equipment-types" table="equipment-types-table" />
          </>
        }
        query={query}
        rowCount={types.length}
        skeleton={<ListSkeleton testId="types-loading" rows={5} rowHeight={36} />}
        empty={{
          icon: IconBox,
          text: filtered
            ? 'No equipment types match these filters.'
            : 'No equipment types yet. Add the kinds of equipment you inspect, such as fire extinguishers, hydrants and lifts.',
        }}
        footer={
          types.length > 0 ? (
            <ListFooter
              page={page}
              limit={PAGE_SIZE}
              total={total}
              totalIsCapped={query.data?.pagination.totalIsCapped}
              onPage={(next) => update({ page: next })}
              noun={['equipment type', 'equipment types']}
            />
          ) : null
        }
      >
        <ListTable
          minWidth={700}
          data-testid="equipment-types-table"
          headBg="gray.0"
          columns={
            <>
              <Table.Th>Equipment type</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Inspection interval</Table.Th>
              <Table.Th ta="right">Installed</Table.Th>
              <Table.Th>Status</Table.Th>
            </>
          }
        >
          {types.map((type) => (
            <Table.Tr
              key={type.id}
              data-testid="equipment-type-row"
              opacity={type.status === 'archived' ? 0.85 : 1}
            >
              <Table.Td>
                <Text fw={600} size="sm">
                  {type.name}
                </Text>
                {type.manufacturer || type.model ? (
                  <Text size="xs" c="dimmed">
                    {[type.manufacturer, type.model].filter(Boolean).join(' · ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{type.category}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{intervalText(type.inspectionIntervalDays)}</Text>
                {intervalText(type.inspectionIntervalDays).endsWith('days') ? null : (
                  <Text size="xs" c="dimmed">
                    {type.inspectionIntervalDays} days
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Badge variant="light" color="gray" c="dark.6" radius="sm" data-testid="installed-count">
                  {type.installedCount.toLocaleString('en-IN')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <TypeStatusBadge status={type.status} />
              </Table.Td>
              <Table.Td>
                <RowActionsMenu label={`Actions for ${type.name}`}>
                  <Menu.Item
                    leftSection={<IconPencil size={16} aria-hidden="true" />}
                    onClick={() => openEdit(type)}
                  >
                    Edit
                  </Menu.Item>
                  {type.status === 'active' ? (
                    <Menu.Item
                      leftSection={<IconArchive size={16} aria-hidden="true" />}
                      onClick={() => void setArchived(type, true)}
                    >
                      Archive
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconArchiveOff size={16} aria-hidden="true" />}
                      onClick={() => void setArchived(type, false)}
                    >
                      Restore
                    </Menu.Item>
                  )}
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden="true" />}
                    onClick={() => confirmDelete(type)}
                  >
                    Delete
                  </Menu.Item>
                </RowActionsMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListScreen>

      <EquipmentTypeFormModal opened={formOpen} onClose={() => setFormOpen(false)} type={editing} />
    </>
  );
}
