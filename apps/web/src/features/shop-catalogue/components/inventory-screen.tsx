import { INVENTORY_SERIES_DAYS, type InventoryTotals, type LowStockProduct } from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ExportMenu } from '@/components/ui/export-menu';
import { PageHeader } from '@/components/ui/page-header';
import { paths, shopProductPath } from '@/config/paths';
import { exportStockValuation } from '../api/export-products';
import { useInventorySummary } from '../api/get-inventory-summary';
import { formatQuantity, formatRupees } from '../lib/money';
import type { StockTarget } from '../lib/stock-form';
import { StockBadge } from './badges';
import { ProductThumb } from './product-thumb';
import { StockMovementModal } from './stock-movement-modal';

const MovementChart = lazy(() => import('./movement-chart'));

const counts = (n: number) => n.toLocaleString('en-IN');

function Figure({
  label,
  value,
  detail,
  to,
  testId,
  alarm,
}: {
  label: string;
  value: ReactNode;
  detail?: string;
  to?: string;
  testId: string;
  alarm?: boolean;
}) {
  return (
    <Paper
      withBorder
      bg="white"
      p="md"
      data-testid={testId}
      style={alarm ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text
        fz={{ base: 22, sm: 26 }}
        fw={700}
        lh={1.25}
        mt={4}
        style={{ whiteSpace: 'nowrap' }}
        c={alarm ? 'red.8' : undefined}
        data-testid="figure-value"
      >
        {to ? (
          <Anchor component={Link} to={to} inherit c="inherit" underline="hover">
            {value}
          </Anchor>
        ) : (
          value
        )}
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed" mt={2}>
          {detail}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The summary figures: products, what is low or out, units and the value of the stock. */
export function InventoryFigures({ totals }: { totals: InventoryTotals | undefined }) {
  if (!totals) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" aria-busy="true">
        {[0, 1, 2, 3, 4, 5].map((key) => (
          <Skeleton key={key} height={104} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" data-testid="inventory-figures">
      <Figure
        label="Products"
        value={counts(totals.productsTotal)}
        detail={`${counts(totals.productsActive)} active`}
        to={paths.shopProducts}
        testId="figure-products"
      />
      <Figure
        label="Low on stock"
        value={counts(totals.lowStock)}
        detail="At or below the reorder level"
        to={`${paths.shopProducts}?status=active&stock=low`}
        testId="figure-low"
        alarm={totals.lowStock > 0}
      />
      <Figure
        label="Out of stock"
        value={counts(totals.outOfStock)}
        detail="Nothing available"
        to={`${paths.shopProducts}?status=active&stock=out`}
        testId="figure-out"
        alarm={totals.outOfStock > 0}
      />
      <Figure
        label="Units on hand"
        value={counts(totals.unitsOnHand)}
        detail="All products"
        testId="figure-units"
      />
      <Figure
        label="Stock value at cost"
        value={formatRupees(totals.stockValueAtCostPaise)}
        detail="On hand × average cost"
        testId="figure-value-cost"
      />
      <Figure
        label="Stock value at price"
        value={formatRupees(totals.stockValueAtPricePaise)}
        detail="On hand × price before GST"
        testId="figure-value-price"
      />
    </SimpleGrid>
  );
}

function LowStockList({
  rows,
  onReceive,
}: {
  rows: LowStockProduct[];
  onReceive: (row: LowStockProduct) => void;
}) {
  if (rows.length === 0) {
    return (
      <Group gap="xs" c="dimmed" py="md" data-testid="low-stock-empty">
        <IconCircleCheck size={18} aria-hidden="true" />
        <Text size="sm">Every active product is above its reorder level.</Text>
      </Group>
    );
  }
  return (
    <Stack gap={0} role="list" aria-label="Products low on stock" data-testid="low-stock-list">
      {rows.map((row) => (
        <Group
          key={row.id}
          role="listitem"
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py="xs"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          data-testid="low-stock-row"
        >
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <ProductThumb url={row.imageUrl} name={row.name} size={36} />
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={shopProductPath(row.id)} size="sm" fw={600} lineClamp={2}>
                {row.name}
              </Anchor>
              <Group gap={6} mt={2} wrap="wrap">
                <StockBadge state={row.stockState} />
                <Text size="xs" c="dimmed">
                  {formatQuantity(row.available, row.unit)} available · reorder at {counts(row.reorderLevel)}
                </Text>
              </Group>
            </div>
          </Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => onReceive(row)}
            aria-label={`Receive ${row.name}`}
            style={{ flexShrink: 0 }}
          >
            Receive
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/** Screen /dashboard/shop/inventory: the figures, what needs reordering, and 90 days of movements. */
export function InventoryScreen() {
  const query = useInventorySummary();
  const data = query.data;
  const [receiving, setReceiving] = useState<StockTarget | null>(null);
  const received = data?.series.reduce((sum, p) => sum + p.received, 0) ?? 0;
  const issued = data?.series.reduce((sum, p) => sum + p.issued, 0) ?? 0;

  return (
    <>
      <PageHeader
        title="Inventory"
        description="Stock across the catalogue: what it is worth, what is running low, and how it moved."
        actions={
          <ExportMenu
            label="stock valuation"
            onExport={(format, options) => exportStockValuation(format, { status: 'active' }, options)}
            disabled={!data}
            data-testid="valuation-export"
          />
        }
      />
      {query.isError && !data ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden="true" />}
          title="The inventory could not be loaded"
          mb="md"
        >
          <Button
            size="xs"
            color="red"
            variant="white"
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            Try again
          </Button>
        </Alert>
      ) : null}
      <Stack gap="md">
        <InventoryFigures totals={data?.totals} />
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Paper withBorder bg="white" p="md" h="100%" data-testid="low-stock-panel">
              <Group justify="space-between" align="flex-start" mb="xs">
                <div>
                  <Title order={2} size="h4">
                    Low on stock
                  </Title>
                  <Text size="xs" c="dimmed" mt={2}>
                    The emptiest active products first
                  </Text>
                </div>
                <Anchor component={Link} to={`${paths.shopProducts}?status=active&stock=low`} size="sm">
                  All low
                </Anchor>
              </Group>
              {data ? (
                <LowStockList
                  rows={data.lowStock}
                  onReceive={(row) =>
                    setReceiving({
                      id: row.id,
                      name: row.name,
                      sku: row.sku,
                      unit: row.unit,
                      available: row.available,
                    })
                  }
                />
              ) : (
                <Stack gap="sm">
                  {[0, 1, 2, 3].map((key) => (
                    <Skeleton key={key} height={40} />
                  ))}
                </Stack>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Paper withBorder bg="white" p="md" h="100%" data-testid="movement-chart">
              <Title order={2} size="h4">
                Stock movements
              </Title>
              <Text size="xs" c="dimmed" mt={2} mb="sm">
                Units in and out per day, the last {INVENTORY_SERIES_DAYS} days
                {data ? ` · ${counts(received)} received, ${counts(issued)} issued` : ''}
              </Text>
              {data ? (
                <Suspense fallback={<Skeleton height={260} />}>
                  <MovementChart series={data.series} />
                </Suspense>
              ) : (
                <Skeleton height={260} />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
      <StockMovementModal
        action={receiving ? 'receive' : null}
        product={receiving}
        onClose={() => setReceiving(null)}
      />
    </>
  );
}
