import type { ProductCategory, ProductCategoryTreeNode } from '@inspecta/contract';
import { Anchor, Box, Button, Group, Menu, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowsMove,
  IconCategory,
  IconCornerDownRight,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { RetryRow } from '@/components/ui/retry-row';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useDeleteCategory } from '../api/delete-category';
import { useCategoryTree } from '../api/get-category-tree';
import { useSetCategoryStatus } from '../api/set-category-status';
import { ShopStatusBadge } from './badges';
import { type CategoryDialog, CategoryFormModal } from './category-form-modal';

const productsIn = (id: number) => `${paths.shopProducts}?category=${id}`;
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

interface RowProps {
  category: ProductCategory;
  /** Products in it and its subcategories (top level), or in itself. */
  products: number;
  child?: boolean;
  onDialog: (dialog: CategoryDialog) => void;
  onArchive: (category: ProductCategory, archived: boolean) => void;
  onDelete: (category: ProductCategory) => void;
}

function CategoryRow({ category, products, child = false, onDialog, onArchive, onDelete }: RowProps) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      px="md"
      py="sm"
      pl={child ? 44 : 'md'}
      data-testid={child ? 'subcategory-row' : 'category-row'}
      bg={child ? undefined : 'gray.0'}
      opacity={category.status === 'archived' ? 0.85 : 1}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      role="listitem"
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {child ? (
          <IconCornerDownRight size={16} color="var(--mantine-color-gray-6)" aria-hidden="true" />
        ) : null}
        <div style={{ minWidth: 0 }}>
          <Text fw={child ? 500 : 700} size="sm" truncate>
            {category.name}
          </Text>
          <Anchor
            component={Link}
            to={productsIn(category.id)}
            size="xs"
            data-testid="category-product-count"
          >
            {count(products, 'product', 'products')}
          </Anchor>
          {!child && category.childCount > 0 ? (
            <Text span size="xs" c="dimmed">
              {' '}
              · {count(category.childCount, 'subcategory', 'subcategories')}
            </Text>
          ) : null}
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {category.status === 'archived' ? <ShopStatusBadge status="archived" /> : null}
        <RowActionsMenu label={`Actions for ${category.name}`}>
          <Menu.Item
            leftSection={<IconPencil size={16} aria-hidden="true" />}
            onClick={() => onDialog({ mode: 'rename', category })}
          >
            Rename
          </Menu.Item>
          <Menu.Item
            leftSection={<IconArrowsMove size={16} aria-hidden="true" />}
            onClick={() => onDialog({ mode: 'move', category })}
          >
            Move
          </Menu.Item>
          {!child && category.status === 'active' ? (
            <Menu.Item
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => onDialog({ mode: 'create', parentId: category.id })}
            >
              Add subcategory
            </Menu.Item>
          ) : null}
          {category.status === 'active' ? (
            <Menu.Item
              leftSection={<IconArchive size={16} aria-hidden="true" />}
              onClick={() => onArchive(category, true)}
            >
              Archive
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconArchiveOff size={16} aria-hidden="true" />}
              onClick={() => onArchive(category, false)}
            >
              Restore
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => onDelete(category)}
          >
            Delete
          </Menu.Item>
        </RowActionsMenu>
      </Group>
    </Group>
  );
}

/** Screen /dashboard/shop/categories: the two-level tree with product counts. */
export function CategoriesScreen() {
  const [showArchived, setShowArchived] = useState(false);
  const query = useCategoryTree(showArchived);
  const setStatus = useSetCategoryStatus();
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<CategoryDialog | null>(null);
  const tree: ProductCategoryTreeNode[] = query.data?.categories ?? [];

  const archive = async (category: ProductCategory, archived: boolean) => {
    try {
      const result = await setStatus.mutateAsync({ id: category.id, archived });
      notifications.show({
        color: 'teal',
        title: archived ? 'Category archived' : 'Category restored',
        message: result.category.name,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not change the status',
        message: isApiError(error) ? error.message : 'Please try again.',
        autoClose: 8000,
      });
    }
  };

  const confirmDelete = (category: ProductCategory) =>
    modals.openConfirmModal({
      title: `Delete ${category.name}?`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text size="sm">
          The category is removed for good. A category that holds products or subcategories cannot be deleted:
          archive it instead.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(category.id);
          notifications.show({ color: 'teal', title: 'Category deleted', message: category.name });
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

  const totalProducts = tree.reduce((sum, node) => sum + node.totalProductCount, 0);

  return (
    <>
      <PageHeader
        title="Categories"
        description="How products are grouped: top-level categories and their subcategories."
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setDialog({ mode: 'create', parentId: null })}
          >
            Add category
          </Button>
        }
      />
      <Paper withBorder p="md" bg="white" mb="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="categories-summary">
            {query.data
              ? `${count(tree.length, 'top-level category', 'top-level categories')} · ${count(totalProducts, 'product', 'products')}`
              : 'Loading categories…'}
          </Text>
          <Switch
            label="Show archived"
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
          />
        </Group>
      </Paper>

      {query.isPending ? (
        <Paper withBorder bg="white" p="md" aria-busy="true">
          <Stack gap="sm">
            {[0, 1, 2, 3, 4].map((key) => (
              <Skeleton key={key} height={44} />
            ))}
          </Stack>
        </Paper>
      ) : tree.length === 0 ? (
        <>
          <EmptyState icon={IconCategory} data-testid="categories-empty">
            No categories yet. Add one, such as “Fire extinguishers”, then subcategories like “Refills”.
          </EmptyState>
          {query.isError ? (
            <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : null}
        </>
      ) : (
        <Stack gap="md" role="list" aria-label="Categories" data-testid="category-tree">
          {tree.map((node) => (
            <Paper key={node.id} withBorder bg="white" style={{ overflow: 'hidden' }} role="listitem">
              <Box
                component="ul"
                aria-label={`${node.name} and its subcategories`}
                m={0}
                p={0}
                style={{ listStyle: 'none', marginTop: -1 }}
              >
                <CategoryRow
                  category={node}
                  products={node.totalProductCount}
                  onDialog={setDialog}
                  onArchive={(c, a) => void archive(c, a)}
                  onDelete={confirmDelete}
                />
                {node.children.map((child) => (
                  <CategoryRow
                    key={child.id}
                    category={child}
                    products={child.productCount}
                    child
                    onDialog={setDialog}
                    onArchive={(c, a) => void archive(c, a)}
                    onDelete={confirmDelete}
                  />
                ))}
              </Box>
            </Paper>
          ))}
        </Stack>
      )}
      {query.isError && tree.length > 0 ? (
        <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}

      <CategoryFormModal dialog={dialog} tree={tree} onClose={() => setDialog(null)} />
    </>
  );
}
