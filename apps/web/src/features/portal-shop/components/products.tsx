import { type PortalProduct, productUnitLabels } from '@inspecta/contract';
import {
  Badge,
  Button,
  Group,
  Image,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPackage, IconSearch, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { ListFooter } from '@/components/ui/list-footer';
import { RetryRow } from '@/components/ui/retry-row';
import { formatMoney } from '@/features/shop-catalogue';
import { isApiError } from '@/lib/api-client';
import { useAddPortalCartLine } from '../api/add-cart-line';
import { usePortalProducts } from '../api/get-products';

export const PORTAL_PRODUCT_PAGE_SIZE = 20;

function ProductCard({ product }: { product: PortalProduct }) {
  const add = useAddPortalCartLine();
  const [quantity, setQuantity] = useState<number | string>(1);
  const count = typeof quantity === 'number' ? quantity : Number.parseInt(quantity, 10) || 0;
  const onAdd = () =>
    add.mutate(
      { productId: product.id, quantity: count },
      {
        onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Could not add to the cart',
            message: isApiError(error) ? error.message : 'Please try again.',
          }),
      },
    );
  return (
    <Paper
      withBorder
      bg="white"
      p="md"
      component="article"
      aria-labelledby={`portal-product-${product.id}`}
      data-testid="portal-product"
      data-product-id={product.id}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {product.imageUrl ? (
          <Image src={product.imageUrl} alt="" w={72} h={72} fit="cover" radius="sm" loading="lazy" />
        ) : (
          <Paper
            bg="gray.1"
            w={72}
            h={72}
            radius="sm"
            style={{ flexShrink: 0, display: 'grid', placeItems: 'center' }}
          >
            <IconPackage size={28} color="var(--mantine-color-gray-6)" aria-hidden="true" />
          </Paper>
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} id={`portal-product-${product.id}`} style={{ overflowWrap: 'anywhere' }}>
            {product.name}
          </Text>
          <Text size="xs" c="dimmed">
            {product.sku} · {product.categoryName}
          </Text>
          <Group gap="xs" mt={2}>
            <Text fw={700}>{formatMoney(product.pricePaise, product.currency)}</Text>
            <Text size="xs" c="dimmed">
              per {productUnitLabels[product.unit].toLowerCase()} + {product.gstRate}% GST
            </Text>
          </Group>
          <Badge
            variant="light"
            color={product.inStock ? 'teal' : 'gray'}
            c={product.inStock ? '#0b5e47' : '#495057'}
            size="sm"
            w="fit-content"
          >
            {product.inStock ? 'In stock' : 'Out of stock'}
          </Badge>
        </Stack>
      </Group>
      {product.description ? (
        <Text size="sm" c="dark.6" mt="xs" lineClamp={3}>
          {product.description}
        </Text>
      ) : null}
      <Group gap="xs" mt="sm" align="flex-end" wrap="nowrap">
        <NumberInput
          label="Quantity"
          min={1}
          max={100000}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
          w={110}
          aria-label={`Quantity of ${product.name}`}
        />
        <Button
          leftSection={<IconShoppingCartPlus size={18} aria-hidden="true" />}
          onClick={onAdd}
          loading={add.isPending}
          disabled={!product.inStock || count < 1}
          aria-label={`Add ${product.name} to the cart`}
          data-testid="portal-product-add"
          style={{ flex: 1 }}
        >
          Add to cart
        </Button>
      </Group>
    </Paper>
  );
}

/** The catalogue as cards: search, price before GST, in stock or not, a quantity and "Add to cart". */
export function PortalProducts() {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = usePortalProducts({
    ...(term ? { search: term } : {}),
    page,
    limit: PORTAL_PRODUCT_PAGE_SIZE,
  });
  const products = query.data?.products ?? [];
  return (
    <>
      <TextInput
        label="Search products"
        placeholder="Name or SKU"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        mb="md"
      />
      {query.isPending ? (
        <ListSkeleton testId="portal-products-loading" rows={3} rowHeight={96} />
      ) : products.length === 0 ? (
        <>
          <EmptyState icon={IconPackage} data-testid="portal-products-empty">
            {term ? 'No product matches this search.' : 'The shop has no products yet.'}
          </EmptyState>
          {query.isError ? (
            <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : null}
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="portal-products">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
      )}
      {products.length ? (
        <ListFooter
          page={page}
          limit={PORTAL_PRODUCT_PAGE_SIZE}
          total={query.data?.pagination.total ?? 0}
          onPage={setPage}
          noun={['product', 'products']}
        />
      ) : null}
    </>
  );
}
