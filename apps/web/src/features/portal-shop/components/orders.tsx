import type { OrderListItem } from '@inspecta/contract';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { ListFooter } from '@/components/ui/list-footer';
import { RetryRow } from '@/components/ui/retry-row';
import { paths, portalPaths } from '@/config/paths';
import { formatMoney } from '@/features/shop-catalogue';
import { OrderStatusBadge } from '@/features/shop-orders';
import { formatDateTime } from '@/utils/format-relative-time';
import { usePortalOrders } from '../api/get-orders';

export const PORTAL_ORDER_PAGE_SIZE = 20;

function OrderCard({ order }: { order: OrderListItem }) {
  return (
    <Paper withBorder bg="white" p="md" data-testid="portal-order" data-order-id={order.id}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={portalPaths.order(order.id)} fw={600}>
          {order.orderNumber}
        </Anchor>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        Placed {formatDateTime(order.placedAt)}
      </Text>
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="sm">
          {order.unitCount} {order.unitCount === 1 ? 'unit' : 'units'} · {order.shippedCount} of{' '}
          {order.shipmentCount} {order.shipmentCount === 1 ? 'shipment' : 'shipments'} shipped
        </Text>
        <Text fw={700}>{formatMoney(order.totalPaise, order.currency)}</Text>
      </Group>
    </Paper>
  );
}

/** /portal/orders: your orders, newest first. */
export function PortalOrdersScreen() {
  const [page, setPage] = useState(1);
  const query = usePortalOrders({ page, limit: PORTAL_ORDER_PAGE_SIZE });
  const orders = query.data?.orders ?? [];
  return (
    <>
      <Title order={1}>Orders</Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        What you ordered, its shipments and their tracking.{' '}
        <Anchor component={Link} to={paths.portalBills} size="sm" underline="always">
          Your bills
        </Anchor>
      </Text>
      {query.isPending ? (
        <ListSkeleton testId="portal-orders-loading" rows={3} rowHeight={72} />
      ) : orders.length === 0 ? (
        <>
          <EmptyState icon={IconReceipt} data-testid="portal-orders-empty">
            No orders yet. Products you order in the{' '}
            <Anchor component={Link} to={paths.portalShop} underline="always">
              shop
            </Anchor>{' '}
            appear here.
          </EmptyState>
          {query.isError ? (
            <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : null}
        </>
      ) : (
        <Stack gap="sm" data-testid="portal-orders">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </Stack>
      )}
      {orders.length ? (
        <ListFooter
          page={page}
          limit={PORTAL_ORDER_PAGE_SIZE}
          total={query.data?.pagination.total ?? 0}
          onPage={setPage}
          noun={['order', 'orders']}
        />
      ) : null}
    </>
  );
}
