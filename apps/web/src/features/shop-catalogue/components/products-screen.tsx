import { type Product, productListQuerySchema, shopStatusSchema, stockStateSchema } from '@inspecta/contract';
import { Anchor, Button, Group, Menu, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArchiveOff,
  IconExternalLink,
  IconFileImport,
  IconPackage,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ActiveArchivedFilter, countActive, ListSearchInput } from '@/components/list-screen/list-filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { ListTable } from '@/components/list-screen/list-table';
import { ExportMenu } from '@/components/ui/export-menu';
import { ListFooter } from '@/components/ui/list-footer';
import { PageHeader } from '@/components/ui/page-header';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { shopProductPath } from '@/config/paths';
import { useUrlParams } from '@/hooks/use-url-params';
import { isApiError } from '@/lib/api-client';
import { exportProducts } from '../api/export-products';
import { useProducts } from '../api/get-products';
import { useSetProductStatus } from '../api/set-product-status';
import { formatMoney } from '../lib/money';
import { ShopStatusBadge, StockBadge } from './badges';
import { CategorySelect } from './category-select';
import { ImportProductsModal } from './import-products-modal';
import { ProductFormDrawer } from './product-form-drawer';
import { ProductThumb } from './product-thumb';

const PAGE_SIZE = 20;
const KEYS = ['search', 'category', 'status', 'stock', 'sort'] as const;

const SORTS = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: 'sku', label: 'SKU' },
  { value: 'pricePaise', label: 'Price (lowest first)' },
  { value: '-pricePaise', label: 'Price (highest first)' },
  { value: 'available', label: 'Available (fewest first)' },
  { value: '-updatedAt', label: 'Recently changed' },
  { value: '-createdAt', label: 'Newest first' },
];

const STOCK_FILTERS = [
  { value: 'ok', label: 'In stock' },
  { value: 'low', label: 'Low on stock' },
  { value: 'out', label: 'Out of stock' },
];

/** One product as a card, for narrow screens: the same facts as a table row. */
function ProductCard({ product, actions }: { product: Product; actions: ReactNode }) {
  return (
    <Paper
      withBorder
      bg="white"
      p="sm"
      data-testid="product-row"
      opacity={product.status === 'archived' ? 0.85 : 1}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ProductThumb url={product.images[0]?.url} name={product.name} size={48} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={shopProductPath(product.id)} fw={600} size="sm" lineClamp={2}>
            {product.name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            <Text span ff="monospace" size="xs">
              {product.sku}
            </Text>{' '}
            · {product.categoryName}
          </Text>
          <Group gap="xs" mt={4} wrap="wrap">
            <Text size="sm" fw={600} data-testid="product-price">
              {formatMoney(product.pricePaise, product.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              + {product.gstRate} % GST
            </Text>
          </Group>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              <Text span fw={600} data-testid="product-available">
                {product.stock.available.toLocaleString('en-IN')}
              </Text>{' '}
              available
            </Text>
            <StockBadge state={product.stockState} />
            {product.status === 'archived' ? <ShopStatusBadge status={product.status} /> : null}
          </Group>
        </Stack>
        {actions}
      </Group>
    </Paper>
  );
}

/** Screen /dashboard/shop/products: the catalogue of products with their price and stock. */
export function ProductsScreen() {
  const { values, page, update } = useUrlParams(KEYS);
  const status = shopStatusSchema.safeParse(values.status || undefined).data;
  const stock = stockStateSchema.safeParse(values.stock || undefined).data;
  const categoryId = /^\d+$/.test(values.category) ? Number(values.category) : undefined;
  // A sort the API does not know (a hand-edited URL) falls back to the default order.
  const sort = productListQuerySchema.shape.sort.safeParse(values.sort || undefined).data;
  const filters = {
    ...(values.search ? { search: values.search } : {}),
    ...(categoryId ? { category_id: categoryId } : {}),
    ...(status ? { status } : {}),
    ...(stock ? { stock } : {}),
  };
  // On a phone each product is a card; wider, a table.
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const query = useProducts({ page, limit: PAGE_SIZE, ...filters, ...(sort ? { sort } : {}) });
  const setStatus = useSetProductStatus();
  const [editing, setEditing] = useState<Product | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (product: Product) => {
    setEditing(product);
    setFormOpen(true);
  };

  const setArchived = async (product: Product, archived: boolean) => {
    try {
      const result = await setStatus.mutateAsync({ id: product.id, archived });
      notifications.show({
        color: 'teal',
        title: archived ? 'Product archived' : 'Product restored',
        message: result.product.name,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not change the status',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    }
  };

  const actions = (product: Product) => (
    <RowActionsMenu label={`Actions for ${product.name}`}>
      <Menu.Item
        component={Link}
        to={shopProductPath(product.id)}
        leftSection={<IconExternalLink size={16} aria-hidden="true" />}
      >
        Open
      </Menu.Item>
      <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => openEdit(product)}>
        Edit
      </Menu.Item>
      {product.status === 'active' ? (
        <Menu.Item
          leftSection={<IconArchive size={16} aria-hidden="true" />}
          onClick={() => void setArchived(product, true)}
        >
          Archive
        </Menu.Item>
      ) : (
        <Menu.Item
          leftSection={<IconArchiveOff size={16} aria-hidden="true" />}
          onClick={() => void setArchived(product, false)}
        >
          Restore
        </Menu.Item>
      )}
    </RowActionsMenu>
  );

  const products = query.data?.products ?? [];
  const total = query.data?.pagination.total ?? 0;
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <PageHeader
        title="Products"
        description="What the shop sells: prices before GST, tax rates and the stock available now."
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden="true" />}
              onClick={() => setImportOpen(true)}
            >
              Import
            </Button>
            <ExportMenu
              label="products"
              onExport={(format, options) => exportProducts(format, filters, options)}
              disabled={query.isPending || total === 0}
              data-testid="products-export"
            />
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={openCreate}>
              Add product
            </Button>
          </Group>
        }
      />

      <ListScreen
        filterGap="sm"
        search={
          <ListSearchInput
            label="Search"
            placeholder="SKU or name"
            value={values.search}
            onSearch={(text) => update({ search: text })}
            flex="1 1 220px"
          />
        }
        activeFilters={countActive(categoryId, stock, status)}
        filters={
          <>
            <CategorySelect
              label="Category"
              placeholder="All categories"
              value={categoryId ? String(categoryId) : null}
              onChange={(value) => update({ category: value })}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear category' }}
              style={{ flex: '1 1 200px' }}
            />
            <Select
              label="Stock"
              placeholder="Any stock"
              data={STOCK_FILTERS}
              value={stock ?? null}
              onChange={(value) => update({ stock: value })}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear stock filter' }}
              style={{ flex: '1 1 150px' }}
            />
            <Select
              label="Sort by"
              data={SORTS}
              value={sort ?? 'name'}
              onChange={(value) => update({ sort: value === 'name' ? null : value })}
              allowDeselect={false}
              style={{ flex: '1 1 180px' }}
            />
            <ActiveArchivedFilter
              id="product-status-label"
              value={status ?? null}
              onChange={(next) => update({ status: next })}
            />
          </>
        }
        query={query}
        rowCount={products.length}
        skeleton={<ListSkeleton testId="products-loading" />}
        empty={{
          icon: IconPackage,
          'data-testid': 'products-empty',
          text: filtered
            ? 'No products match these filters.'
            : 'No products yet. Add what the shop sells, such as extinguisher refills, hoses and signage, or import a sheet.',
          failedText: 'The products could not be loaded.',
        }}
        footer={
          products.length > 0 ? (
            <ListFooter
              page={page}
              limit={PAGE_SIZE}
              total={total}
              totalIsCapped={query.data?.pagination.totalIsCapped}
              onPage={(next) => update({ page: next })}
              noun={['product', 'products']}
            />
          ) : null
        }
      >
        {narrow ? (
          <Stack gap="sm" data-testid="products-cards">
            {products.map((product) => (
              <ProductCard key={product.id} product={product} actions={actions(product)} />
            ))}
          </Stack>
        ) : (
          <ListTable
            minWidth={880}
            data-testid="products-table"
            headBg="gray.0"
            columns={
              <>
                <Table.Th w={64}>Image</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">GST</Table.Th>
                <Table.Th>Available</Table.Th>
              </>
            }
          >
            {products.map((product) => (
              <Table.Tr
                key={product.id}
                data-testid="product-row"
                opacity={product.status === 'archived' ? 0.85 : 1}
              >
                <Table.Td>
                  <ProductThumb url={product.images[0]?.url} name={product.name} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={shopProductPath(product.id)} fw={600} size="sm">
                    {product.name}
                  </Anchor>
                  {product.status === 'archived' ? (
                    <Group gap={4} mt={2}>
                      <ShopStatusBadge status={product.status} />
                    </Group>
                  ) : null}
                </Table.Td>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" ff="monospace">
                    {product.sku}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{product.categoryName}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" data-testid="product-price">
                    {formatMoney(product.pricePaise, product.currency)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{product.gstRate} %</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600} data-testid="product-available">
                      {product.stock.available.toLocaleString('en-IN')}
                    </Text>
                    <StockBadge state={product.stockState} />
                  </Group>
                </Table.Td>
                <Table.Td>{actions(product)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListScreen>

      <ProductFormDrawer opened={formOpen} onClose={() => setFormOpen(false)} product={editing} />
      <ImportProductsModal opened={importOpen} onClose={() => setImportOpen(false)} />
    </>
  );
}
