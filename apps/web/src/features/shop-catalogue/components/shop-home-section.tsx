import { Anchor, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, shopProductPath } from '@/config/paths';
import { useInventorySummary } from '../api/get-inventory-summary';
import { formatQuantity, formatRupees } from '../lib/money';
import { StockBadge } from './badges';

const HOME_LOW_STOCK_ROWS = 5;
const counts = (n: number) => n.toLocaleString('en-IN');

/** The Shop section of the home dashboard: what the stock is worth and what is running low. */
export function ShopHomeSection() {
  const query = useInventorySummary();
  const data = query.data;
  // A failed fetch leaves the section out: home shows its own failure for the main figures.
  if (query.isError && !data) return null;
  const low = data?.lowStock.slice(0, HOME_LOW_STOCK_ROWS) ?? [];

  return (
    <Paper
      withBorder
      bg="white"
      p="md"
      data-testid="home-shop-section"
      component="section"
      aria-labelledby="home-shop-title"
    >
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="xs">
        <Group gap="xs">
          <IconBuildingStore size={20} aria-hidden="true" />
          <Title order={2} size="h4" id="home-shop-title">
            Shop
          </Title>
        </Group>
        <Anchor component={Link} to={paths.shopInventory} size="sm">
          Open inventory
        </Anchor>
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {data ? (
            <Stack gap="sm">
              <div>
                <Text size="sm" c="dimmed" fw={600}>
                  Stock value at cost
                </Text>
                <Text fz={26} fw={700} lh={1.2} data-testid="home-stock-value">
                  {formatRupees(data.totals.stockValueAtCostPaise)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatRupees(data.totals.stockValueAtPricePaise)} at price ·{' '}
                  {counts(data.totals.unitsOnHand)} units on hand
                </Text>
              </div>
              <Group gap="lg">
                <Anchor
                  component={Link}
                  to={`${paths.shopProducts}?status=active&stock=low`}
                  size="sm"
                  data-testid="home-low-count"
                >
                  {counts(data.totals.lowStock)} low on stock
                </Anchor>
                <Anchor
                  component={Link}
                  to={`${paths.shopProducts}?status=active&stock=out`}
                  size="sm"
                  c="red.8"
                  data-testid="home-out-count"
                >
                  {counts(data.totals.outOfStock)} out of stock
                </Anchor>
              </Group>
            </Stack>
          ) : (
            <Skeleton height={96} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {!data ? (
            <Skeleton height={120} />
          ) : low.length === 0 ? (
            <Group gap="xs" c="dimmed">
              <IconCircleCheck size={18} aria-hidden="true" />
              <Text size="sm">No product is low on stock.</Text>
            </Group>
          ) : (
            <Stack gap={0} role="list" aria-label="Products low on stock" data-testid="home-low-stock">
              {low.map((row) => (
                <Group
                  key={row.id}
                  role="listitem"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py={6}
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={shopProductPath(row.id)} size="sm" fw={600} lineClamp={1}>
                      {row.name}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate>
                      {row.sku} · {formatQuantity(row.available, row.unit)} available
                    </Text>
                  </div>
                  <StockBadge state={row.stockState} />
                </Group>
              ))}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
