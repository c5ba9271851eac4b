import type { DashboardDataResponse, InventorySummaryResponse } from '@inspecta/contract';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type Icon,
  IconBuildingStore,
  IconCircleCheck,
  IconClipboardCheck,
  IconCoinRupee,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { paths, shopProductPath } from '@/config/paths';
import { monthOf } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { useInventorySummary } from '../api/get-inventory-summary';
import { formatQuantity, formatRupees } from '../lib/money';
import { StockBadge } from './badges';
import classes from './shop-home-section.module.css';

const HOME_LOW_STOCK_ROWS = 5;
const counts = (n: number) => n.toLocaleString('en-IN');

type OrderFigures = Pick<
  DashboardDataResponse['shop'],
  'ordersToConfirm' | 'shipmentsToSend' | 'revenueThisMonthPaise'
>;

interface OrderFigureProps {
  icon: Icon;
  label: string;
  value: string | null;
  hint: string;
  to: string;
  testId: string;
}

/**
 * One figure of the shop's work, the whole card a link to the list it counts. Plain elements and a
 * CSS module, as the home's own figures: the home draws the section with the rest of its answer
 * (docs/performance.md, the dashboard's Lighthouse).
 */
function OrderFigure({ icon: IconComponent, label, value, hint, to, testId }: OrderFigureProps) {
  return (
    // mantine-focus-auto: Mantine's own focus ring, as the UnstyledButton this card was had it.
    <Link to={to} data-testid={testId} className={`${classes.figure} mantine-focus-auto`}>
      <IconComponent size={22} className={classes.figureIcon} aria-hidden="true" />
      <div className={classes.figureText}>
        <span className={classes.label}>{label}</span>
        {value === null ? (
          <SkeletonBlock height={28} width={80} style={{ marginBlock: 2 }} />
        ) : (
          <span className={classes.figureValue} data-testid={`${testId}-value`}>
            {value}
          </span>
        )}
        <span className={classes.hint}>{hint}</span>
      </div>
    </Link>
  );
}

interface ShopHomeSectionProps {
  /** Orders and bills figures of the home data (undefined while it loads or when it failed). */
  figures?: OrderFigures | undefined;
  /** Today in the organisation's time zone: "this month" of the revenue. */
  today?: string | undefined;
}

/**
 * The Shop section of the home dashboard: orders to confirm, shipments to send and this month's
 * revenue (from the home data), what the stock is worth and what is running low.
 */
export function ShopHomeSection({ figures, today }: ShopHomeSectionProps) {
  const query = useInventorySummary();
  // As the home's panels: the answer is drawn as a transition, not in the task that hands it over.
  const data = useDeferredValue(query.data);
  // A failed fetch of the stock figures leaves the section out when there is nothing else to show.
  if (query.isError && !data && !figures) return null;
  return <ShopHomeBody stock={data} figures={figures} today={today} />;
}

const ShopHomeBody = memo(function ShopHomeBody({
  stock: data,
  figures,
  today,
}: ShopHomeSectionProps & { stock: InventorySummaryResponse | undefined }) {
  const low = data?.lowStock.slice(0, HOME_LOW_STOCK_ROWS) ?? [];
  const month = monthOf(today ?? new Date().toISOString().slice(0, 10));

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
      <div className={classes.figures}>
        <OrderFigure
          icon={IconClipboardCheck}
          label="Orders to confirm"
          value={figures?.ordersToConfirm === undefined ? null : counts(figures.ordersToConfirm)}
          hint="Placed, waiting for a confirmation"
          to={`${paths.shopOrders}?status=placed`}
          testId="home-orders-to-confirm"
        />
        <OrderFigure
          icon={IconTruckDelivery}
          label="Shipments to send"
          value={figures?.shipmentsToSend === undefined ? null : counts(figures.shipmentsToSend)}
          hint="Of confirmed orders, not shipped yet"
          to={`${paths.shopOrders}?status=confirmed`}
          testId="home-shipments-to-send"
        />
        <OrderFigure
          icon={IconCoinRupee}
          label="Revenue this month"
          value={
            figures?.revenueThisMonthPaise === undefined ? null : formatRupees(figures.revenueThisMonthPaise)
          }
          hint="Taxable value billed, less credit notes"
          to={`${paths.shopBills}?start_date=${month.start}&end_date=${month.end}`}
          testId="home-revenue-this-month"
        />
      </div>
      <div className={classes.halves}>
        <div>
          {data ? (
            <Stack gap="sm">
              <div>
                <span className={classes.label}>Stock value at cost</span>
                <span className={classes.stockValue} data-testid="home-stock-value">
                  {formatRupees(data.totals.stockValueAtCostPaise)}
                </span>
                <span className={classes.hint}>
                  {formatRupees(data.totals.stockValueAtPricePaise)} at price ·{' '}
                  {plural(data.totals.unitsOnHand, 'unit')} on hand
                </span>
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
            <SkeletonBlock height={96} />
          )}
        </div>
        <div>
          {!data ? (
            <SkeletonBlock height={120} />
          ) : low.length === 0 ? (
            <Group gap="xs" c="dimmed">
              <IconCircleCheck size={18} aria-hidden="true" />
              <Text size="sm">No product is low on stock.</Text>
            </Group>
          ) : (
            <ul aria-label="Products low on stock" data-testid="home-low-stock" className={classes.lowList}>
              {low.map((row) => (
                <li key={row.id} className={classes.lowRow}>
                  <div className={classes.lowText}>
                    <Link to={shopProductPath(row.id)} className={classes.productLink}>
                      {row.name}
                    </Link>
                    <span className={classes.meta}>
                      {row.sku} · {formatQuantity(row.available, row.unit)} available
                    </span>
                  </div>
                  <StockBadge state={row.stockState} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Paper>
  );
});
