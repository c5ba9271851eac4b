import {
  LIST_COUNT_CAP,
  type OrderListItem,
  type OrderStatus,
  orderStatuses,
  orderStatusLabels,
  orderStatusSchema,
} from '@inspecta/contract';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconFileTypePdf, IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { countActive, ListSearchInput } from '@/components/list-screen/list-filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { ListTable } from '@/components/list-screen/list-table';
import { DateField } from '@/components/ui/date-field';
import { ExportMenu } from '@/components/ui/export-menu';
import { ListFooter } from '@/components/ui/list-footer';
import { PageHeader } from '@/components/ui/page-header';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { paths, shopOrderPath } from '@/config/paths';
import { formatMoney } from '@/features/shop-catalogue';
import { ClientSelect } from '@/features/sites';
import { useUrlParams } from '@/hooks/use-url-params';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { formatCount } from '@/utils/format-count';
import { positiveId } from '@/utils/positive-id';
import { downloadOrderPdf } from '../api/download-order-pdf';
import { exportOrders } from '../api/export-orders';
import { useOrders } from '../api/get-orders';
import { OrderStatusBadge } from './badges';
import classes from './shop-orders.module.css';

const PAGE_SIZE = 20;
const KEYS = ['search', 'status', 'from', 'to', 'client'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function clientName(client: OrderListItem['client']): string {
  return client.company ? `${client.company} (${client.name})` : client.name;
}

/** The status filter: All and each status, with how many orders of the other filters have it. */
function StatusTabs({
  value,
  counts,
  capped = [],
  onChange,
}: {
  value: OrderStatus | null;
  counts: Partial<Record<OrderStatus, number>> | undefined;
  /** Statuses whose count is a lower bound (shown with "+"). */
  capped?: OrderStatus[] | undefined;
  onChange: (status: OrderStatus | null) => void;
}) {
  const sum = counts ? Object.values(counts).reduce((n, c) => n + (c ?? 0), 0) : undefined;
  // All is the statuses' sum, at most the cap as every count: "10,000+" past it.
  const all = sum === undefined ? undefined : Math.min(sum, LIST_COUNT_CAP);
  const allCapped = capped.length > 0 || (sum ?? 0) > LIST_COUNT_CAP;
  const tabs: Array<{ key: OrderStatus | null; label: string; count: number | undefined; capped: boolean }> =
    [
      { key: null, label: 'All', count: all, capped: allCapped },
      ...orderStatuses.map((status) => ({
        key: status,
        label: orderStatusLabels[status],
        count: counts?.[status],
        capped: capped.includes(status),
      })),
    ];
  return (
    <fieldset className={classes.statusTabs} data-testid="order-status-tabs">
      <VisuallyHidden component="legend">Order status</VisuallyHidden>
      {tabs.map((tab) => {
        const active = tab.key === value;
        return (
          <Button
            key={tab.key ?? 'all'}
            size="compact-sm"
            variant={active ? 'filled' : 'subtle'}
            color={active ? 'brand' : 'dark'}
            aria-pressed={active}
            onClick={() => onChange(tab.key)}
            rightSection={
              tab.count === undefined ? null : (
                <Badge
                  size="sm"
                  radius="sm"
                  variant={active ? 'white' : 'light'}
                  color={active ? 'brand' : 'gray'}
                  c={active ? 'brand.8' : 'dark.6'}
                  data-testid={`status-count-${tab.key ?? 'all'}`}
                >
                  {formatCount(tab.count, tab.capped)}
                </Badge>
              )
            }
          >
            {tab.label}
          </Button>
        );
      })}
    </fieldset>
  );
}

/** The row's menu: open the order or download its PDF. */
function OrderRowActions({ order }: { order: OrderListItem }) {
  const download = async () => {
    try {
      await downloadOrderPdf(order.id, order.orderNumber);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not download the PDF',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    }
  };
  return (
    <RowActionsMenu label={`Actions for ${order.orderNumber}`}>
      <Menu.Item
        component={Link}
        to={shopOrderPath(order.id)}
        leftSection={<IconExternalLink size={16} aria-hidden="true" />}
      >
        Open
      </Menu.Item>
      <Menu.Item
        leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
        onClick={() => void download()}
      >
        Download PDF
      </Menu.Item>
    </RowActionsMenu>
  );
}

/** One order as a card, for narrow screens: the same facts as a table row. */
function OrderCard({ order }: { order: OrderListItem }) {
  return (
    <Paper withBorder bg="white" p="sm" data-testid="order-row">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={shopOrderPath(order.id)} fw={650} size="sm" ff="monospace">
            {order.orderNumber}
          </Anchor>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Text size="sm" lineClamp={2}>
          {clientName(order.client)}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {formatDay(order.placedAt)} · {plural(order.unitCount, 'unit')} · {order.shippedCount}/
            {order.shipmentCount} shipped
          </Text>
          <Text size="sm" fw={650} data-testid="order-total">
            {formatMoney(order.totalPaise, order.currency)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Screen /dashboard/shop/orders: every order, filtered by search, status, days and client (in the address). */
export function OrdersScreen() {
  const { values, page, update } = useUrlParams(KEYS);
  const status = orderStatusSchema.safeParse(values.status || undefined).data ?? null;
  const from = DAY.test(values.from) ? values.from : '';
  const to = DAY.test(values.to) ? values.to : '';
  const reversed = from !== '' && to !== '' && from > to;
  const clientId = positiveId(values.client);
  const filters = {
    ...(values.search ? { search: values.search } : {}),
    ...(clientId ? { client_id: clientId } : {}),
    ...(from && !reversed ? { from } : {}),
    ...(to && !reversed ? { to } : {}),
  };
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const query = useOrders({ page, limit: PAGE_SIZE, ...filters, ...(status ? { status } : {}) });
  const orders = query.data?.response ?? [];
  const totals = query.data?.totals;
  const total = query.data?.pagination.total ?? 0;
  const filtered = Object.keys(filters).length > 0 || status !== null;
  const chosenClient = orders.find((order) => order.client.id === clientId)?.client;

  return (
    <>
      <PageHeader
        title="Orders"
        description="Orders taken for clients: their shipments, what is still to confirm, pack and send."
        actions={
          <Group gap="sm">
            <ExportMenu
              label="orders"
              onExport={(format, options) =>
                exportOrders(format, { ...filters, ...(status ? { status } : {}) }, options)
              }
              disabled={query.isPending || total === 0}
              data-testid="orders-export"
            />
            <Button
              component={Link}
              to={paths.shopOrderNew}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              New order
            </Button>
          </Group>
        }
      />

      <Box mb="md">
        <StatusTabs
          value={status}
          counts={totals?.byStatus}
          capped={totals?.byStatusCapped}
          onChange={(next) => update({ status: next })}
        />
      </Box>

      <ListScreen
        filterGap="sm"
        search={
          <ListSearchInput
            label="Search"
            placeholder="Order number, client, product or tracking number"
            value={values.search}
            onSearch={(text) => update({ search: text })}
            flex="2 1 260px"
          />
        }
        activeFilters={countActive(clientId, from, to)}
        filters={
          <>
            <ClientSelect
              label="Client"
              placeholder="All clients"
              value={clientId ? String(clientId) : null}
              onChange={(value) => update({ client: value })}
              selected={chosenClient ? { ...chosenClient, status: 'active' } : null}
              clearButtonProps={{ 'aria-label': 'Clear client' }}
              style={{ flex: '1 1 220px' }}
            />
            <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 300px' }}>
              <DateField
                label="Placed from"
                value={from}
                max={to || undefined}
                onChange={(value) => update({ from: value })}
                style={{ flex: 1, minWidth: 0 }}
              />
              <DateField
                label="to"
                value={to}
                min={from || undefined}
                onChange={(value) => update({ to: value })}
                error={reversed ? 'Before the start' : undefined}
                style={{ flex: 1, minWidth: 0 }}
              />
            </Group>
          </>
        }
        query={query}
        rowCount={orders.length}
        skeleton={<ListSkeleton testId="orders-loading" />}
        empty={{
          icon: IconShoppingCart,
          'data-testid': 'orders-empty',
          text: filtered
            ? 'No orders match these filters.'
            : 'No orders yet. Take an order for a client with New order.',
          failedText: 'The orders could not be loaded.',
        }}
        footer={
          orders.length > 0 ? (
            <ListFooter
              page={page}
              limit={PAGE_SIZE}
              total={total}
              totalIsCapped={query.data?.pagination.totalIsCapped}
              onPage={(next) => update({ page: next })}
              noun={['order', 'orders']}
            />
          ) : null
        }
      >
        {totals ? (
          <Paper withBorder bg="gray.0" px="md" py="xs" mb="sm" data-testid="orders-totals">
            <Group gap="lg" wrap="wrap" style={{ rowGap: 2 }}>
              <Text size="sm">
                <Text span fw={700} data-testid="orders-count">
                  {formatCount(totals.count, totals.countIsCapped)}
                </Text>{' '}
                {totals.count === 1 && !totals.countIsCapped ? 'order' : 'orders'}
              </Text>
              {totals.totalPaise === null || totals.taxPaise === null ? (
                <Text size="sm" data-testid="orders-unsummed">
                  Totals shown for up to {LIST_COUNT_CAP.toLocaleString('en-IN')} orders: narrow the search or
                  pick a status to see the amount.
                </Text>
              ) : (
                <>
                  <Text size="sm">
                    Amount{' '}
                    <Text span fw={700} data-testid="orders-amount">
                      {formatMoney(totals.totalPaise)}
                    </Text>
                  </Text>
                  <Text size="sm">
                    of which tax{' '}
                    <Text span fw={700} data-testid="orders-tax">
                      {formatMoney(totals.taxPaise)}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    Cancelled orders are not in the amount.
                  </Text>
                </>
              )}
            </Group>
          </Paper>
        ) : null}
        {narrow ? (
          <Stack gap="sm" data-testid="orders-cards">
            {orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </Stack>
        ) : (
          <ListTable
            minWidth={860}
            data-testid="orders-table"
            headBg="gray.0"
            columns={
              <>
                <Table.Th>Order</Table.Th>
                <Table.Th>Client</Table.Th>
                <Table.Th>Placed</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Units</Table.Th>
                <Table.Th>Shipments</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </>
            }
          >
            {orders.map((order) => (
              <Table.Tr key={order.id} data-testid="order-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor component={Link} to={shopOrderPath(order.id)} fw={650} size="sm" ff="monospace">
                    {order.orderNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{clientName(order.client)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDay(order.placedAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <OrderStatusBadge status={order.status} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{order.unitCount.toLocaleString('en-IN')}</Text>
                  <Text size="xs" c="dimmed">
                    {order.lineCount} {order.lineCount === 1 ? 'line' : 'lines'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">
                    {order.shippedCount} of {order.shipmentCount} shipped
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600} data-testid="order-total">
                    {formatMoney(order.totalPaise, order.currency)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <OrderRowActions order={order} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListScreen>
    </>
  );
}
