import { PRODUCT_IMAGES_MAX, type ProductDetails, productUnitLabels } from '@inspecta/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustments,
  IconAlertCircle,
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconPackage,
  IconPencil,
  IconPlus,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { IMAGE_MAX_MB, ImageUpload } from '@/components/ui/image-upload';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useProduct } from '../api/get-product';
import { useDeleteProductImage, useUploadProductImage } from '../api/product-images';
import { useSetProductStatus } from '../api/set-product-status';
import { formatMoney, formatQuantity } from '../lib/money';
import type { StockAction } from '../lib/stock-form';
import { ShopStatusBadge, StockBadge } from './badges';
import { LogHistory } from './log-history';
import { ProductFormDrawer } from './product-form-drawer';
import { StockMovementModal } from './stock-movement-modal';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div" mt={2}>
        {children || '—'}
      </Text>
    </div>
  );
}

function BackLink() {
  return (
    <Anchor
      component={Link}
      to={paths.shopProducts}
      size="sm"
      mb="xs"
      display="inline-flex"
      style={{ gap: 4, alignItems: 'center' }}
    >
      <IconArrowLeft size={14} aria-hidden="true" />
      Products
    </Anchor>
  );
}

/** The product page for an id that does not exist (or a malformed one). */
export function ProductNotFound() {
  return (
    <>
      <BackLink />
      <PageHeader title="Product not found" />
      <EmptyState icon={IconPackage} data-testid="product-not-found">
        There is no product with this id. It may have been mistyped; archived products are still listed under
        Products with the Archived filter.
      </EmptyState>
    </>
  );
}

function StockFigure({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: number;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz={strong ? 28 : 22} fw={700} lh={1.2} data-testid={testId}>
        {value.toLocaleString('en-IN')}
      </Text>
    </div>
  );
}

function StockCard({
  product,
  onAction,
}: {
  product: ProductDetails;
  onAction: (action: StockAction) => void;
}) {
  const archived = product.status === 'archived';
  return (
    <Paper withBorder bg="white" p="md" data-testid="stock-card">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Stock
        </Title>
        <StockBadge state={product.stockState} />
      </Group>
      <SimpleGrid cols={3} spacing="sm">
        <StockFigure label="On hand" value={product.stock.onHand} testId="stock-on-hand" />
        <StockFigure label="Reserved" value={product.stock.reserved} testId="stock-reserved" />
        <StockFigure label="Available" value={product.stock.available} testId="stock-available" strong />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        In {product.unit === 'kg' ? 'kg' : `${product.unit}s`}; low at{' '}
        {product.reorderLevel.toLocaleString('en-IN')} or fewer available. Average cost{' '}
        {formatMoney(product.averageCostPaise)} a unit.
      </Text>
      {archived ? (
        <Text size="sm" c="dimmed" mt="md">
          Restore the product to receive or adjust its stock.
        </Text>
      ) : null}
      <SimpleGrid type="container" cols={{ base: 1, '360px': 3 }} spacing="xs" mt="md">
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => onAction('receive')}
          disabled={archived}
        >
          Receive
        </Button>
        <Button
          variant="default"
          leftSection={<IconAdjustments size={16} aria-hidden="true" />}
          onClick={() => onAction('adjust')}
          disabled={archived}
        >
          Adjust
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrashX size={16} aria-hidden="true" />}
          onClick={() => onAction('write_off')}
          disabled={archived || product.stock.available === 0}
        >
          Write off
        </Button>
      </SimpleGrid>
    </Paper>
  );
}

function ImagesCard({ product }: { product: ProductDetails }) {
  const upload = useUploadProductImage();
  const remove = useDeleteProductImage();
  const full = product.images.length >= PRODUCT_IMAGES_MAX;

  const change = async (file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ id: product.id, file });
      notifications.show({ color: 'teal', title: 'Image added', message: product.name });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not upload the image',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    }
  };

  const removeImage = async (imageId: number) => {
    try {
      await remove.mutateAsync({ id: product.id, imageId });
      notifications.show({ color: 'teal', title: 'Image removed', message: product.name });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not remove the image',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    }
  };

  return (
    <Paper withBorder bg="white" p="md" data-testid="product-images">
      <Title order={2} size="h4" mb="sm">
        Images
      </Title>
      {product.images.length ? (
        <Group gap="sm" mb="md">
          {product.images.map((image, index) => (
            <div key={image.id} style={{ position: 'relative' }}>
              <Image
                src={image.url}
                alt={index === 0 ? `${product.name} (main image)` : `${product.name}, image ${index + 1}`}
                w={96}
                h={96}
                radius="sm"
                fit="cover"
                style={{ border: '1px solid var(--mantine-color-gray-3)' }}
                data-testid="product-image"
              />
              <Tooltip label="Remove image" withArrow>
                <ActionIcon
                  variant="white"
                  color="red"
                  size="sm"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => void removeImage(image.id)}
                  loading={remove.isPending && remove.variables?.imageId === image.id}
                  style={{ position: 'absolute', top: 4, right: 4, boxShadow: 'var(--mantine-shadow-xs)' }}
                >
                  <IconTrash size={14} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </div>
          ))}
        </Group>
      ) : null}
      {full ? (
        <Text size="xs" c="dimmed">
          A product has at most {PRODUCT_IMAGES_MAX} images: remove one to add another.
        </Text>
      ) : (
        <ImageUpload
          preview={null}
          hasImage={false}
          noun="image"
          hint={`JPEG, PNG or WebP, at most ${IMAGE_MAX_MB} MB. The first image is the main one.`}
          pending={upload.isPending}
          onChange={(file) => void change(file)}
        />
      )}
    </Paper>
  );
}

/** Screen /dashboard/shop/products/:id: details, images, stock and its ledger. */
export function ProductPage({ productId }: { productId: number }) {
  const query = useProduct(productId);
  const setStatus = useSetProductStatus();
  const [editing, setEditing] = useState(false);
  const [action, setAction] = useState<StockAction | null>(null);
  const product = query.data?.product;

  if (query.isError && isApiError(query.error) && query.error.status === 404) return <ProductNotFound />;

  if (!product) {
    return (
      <>
        <BackLink />
        {query.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title="The product could not be loaded"
          >
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              Try again
            </Button>
          </Alert>
        ) : (
          <Stack gap="md" aria-busy="true" data-testid="product-loading">
            <Skeleton height={36} width="40%" />
            <Grid>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Skeleton height={260} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Skeleton height={200} />
              </Grid.Col>
            </Grid>
          </Stack>
        )}
      </>
    );
  }

  const archived = product.status === 'archived';
  const toggleArchived = async () => {
    try {
      const result = await setStatus.mutateAsync({ id: product.id, archived: !archived });
      notifications.show({
        color: 'teal',
        title: archived ? 'Product restored' : 'Product archived',
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

  return (
    <>
      <BackLink />
      <PageHeader
        title={product.name}
        description={
          <>
            <Text span ff="monospace" size="sm">
              {product.sku}
            </Text>{' '}
            · {product.categoryName}
          </>
        }
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={
                archived ? (
                  <IconArchiveOff size={18} aria-hidden="true" />
                ) : (
                  <IconArchive size={18} aria-hidden="true" />
                )
              }
              onClick={() => void toggleArchived()}
              loading={setStatus.isPending}
            >
              {archived ? 'Restore' : 'Archive'}
            </Button>
            <Button
              leftSection={<IconPencil size={18} aria-hidden="true" />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          </Group>
        }
      />

      <Grid gutter="md">
        {/* On a phone the stock and its actions come first. */}
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <Paper withBorder bg="white" p="md" data-testid="product-details">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  Details
                </Title>
                <ShopStatusBadge status={product.status} />
              </Group>
              <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="md">
                <Field label="Price (before GST)">
                  <span data-testid="detail-price">{formatMoney(product.pricePaise, product.currency)}</span>
                </Field>
                <Field label="GST">{product.gstRate} %</Field>
                <Field label="HSN code">{product.hsnCode}</Field>
                <Field label="Unit">{productUnitLabels[product.unit]}</Field>
                <Field label="Reorder level">{formatQuantity(product.reorderLevel, product.unit)}</Field>
                <Field label="Category">{product.categoryName}</Field>
                <Field label="Fits equipment types">{product.equipmentTypeNames.join(', ')}</Field>
              </SimpleGrid>
              {product.description ? (
                <Text size="sm" mt="md" style={{ whiteSpace: 'pre-line' }}>
                  {product.description}
                </Text>
              ) : null}
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <StockCard product={product} onAction={setAction} />
            <ImagesCard product={product} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={12} order={3}>
          <LogHistory productId={product.id} unit={product.unit} />
        </Grid.Col>
      </Grid>

      <ProductFormDrawer
        opened={editing}
        onClose={() => setEditing(false)}
        product={editing ? product : null}
      />
      <StockMovementModal
        action={action}
        product={{
          id: product.id,
          name: product.name,
          sku: product.sku,
          unit: product.unit,
          onHand: product.stock.onHand,
          available: product.stock.available,
        }}
        onClose={() => setAction(null)}
      />
    </>
  );
}
