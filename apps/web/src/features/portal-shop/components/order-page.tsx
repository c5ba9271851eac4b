import type { Order, Shipment } from '@inspecta/contract';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDownload, IconSearch, IconTruck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { RetryRow } from '@/components/ui/retry-row';
import { paths } from '@/config/paths';
import { formatMoney } from '@/features/shop-catalogue';
import { OrderStatusBadge, ShipmentStatusBadge } from '@/features/shop-orders';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { formatDateTime } from '@/utils/format-relative-time';
import { useDownloadPortalBillPdf } from '../api/download-bill-pdf';
import { usePortalOrder } from '../api/get-order';

function BillButton({ bill }: { bill: Shipment['bills'][number] }) {
  const download = useDownloadPortalBillPdf();
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden="true" />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(
          { id: bill.id, billNumber: bill.billNumber },
          {
            onError: (e) =>
              notifications.show({
                color: 'red',
                title: 'Could not download the bill',
                message: isApiError(e) ? e.message : 'Please try again.',
              }),
          },
        )
      }
      aria-label={`Download ${bill.kind === 'credit_note' ? 'credit note' : 'bill'} ${bill.billNumber} (PDF)`}
    >
      {bill.billNumber}
    </Button>
  );
}

function ShipmentCard({ shipment, currency }: { shipment: Shipment; currency: string }) {
  return (
    <Paper withBorder bg="white" p="md" data-testid="portal-shipment" data-status={shipment.status}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconTruck size={18} aria-hidden="true" />
          <Text fw={600}>{shipment.shipmentNumber}</Text>
        </Group>
        <ShipmentStatusBadge status={shipment.status} />
      </Group>
      <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
        To {shipment.address.label}: {shipment.address.addressLine1}, {shipment.address.city}{' '}
        {shipment.address.pincode}
      </Text>
      <Stack gap={2} mt="xs">
        {shipment.lines.map((line) => (
          <Text key={line.id} size="sm" c="dark.6">
            {line.quantity} × {line.name}
          </Text>
        ))}
      </Stack>
      {shipment.trackingNumber || shipment.carrier || shipment.shippedOn ? (
        <Text size="sm" mt="xs" data-testid="portal-shipment-tracking">
          {shipment.shippedOn ? `Shipped ${formatDay(shipment.shippedOn)}` : 'Shipping'}
          {shipment.carrier ? ` with ${shipment.carrier}` : ''}
          {shipment.trackingNumber ? ` · tracking ${shipment.trackingNumber}` : ''}
        </Text>
      ) : null}
      {shipment.deliveredAt ? (
        <Text size="sm" c="teal.9">
          Delivered {formatDateTime(shipment.deliveredAt)}
        </Text>
      ) : null}
      <Group justify="space-between" mt="xs" gap="xs">
        <Group gap={6}>
          {shipment.bills.map((bill) => (
            <BillButton key={bill.id} bill={bill} />
          ))}
        </Group>
        <Text size="sm" fw={600}>
          {formatMoney(shipment.totals.totalPaise, currency)}
        </Text>
      </Group>
    </Paper>
  );
}

function PortalOrderView({ order }: { order: Order }) {
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.portalOrders} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden="true" />
          Orders
        </Group>
      </Anchor>
      <div>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={1}>{order.orderNumber}</Title>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Placed {formatDateTime(order.placedAt)}
          {order.placedBy ? ` by ${order.placedBy.name}` : ''}
        </Text>
      </div>
      {order.cancelReason ? (
        <Text size="sm" c="red.8">
          Cancelled: {order.cancelReason}
        </Text>
      ) : null}
      <Title order={2} fz="h4">
        Shipments
      </Title>
      <Stack gap="sm" data-testid="portal-shipments">
        {order.shipments.map((shipment) => (
          <ShipmentCard key={shipment.id} shipment={shipment} currency={order.currency} />
        ))}
      </Stack>
      <Paper withBorder bg="white" p="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Before GST
          </Text>
          <Text size="sm">{formatMoney(order.totals.taxablePaise, order.currency)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            GST
          </Text>
          <Text size="sm">{formatMoney(order.totals.taxPaise, order.currency)}</Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700}>{formatMoney(order.totals.totalPaise, order.currency)}</Text>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          Bill to {order.billingAddress.label}, {order.billingAddress.city}
        </Text>
      </Paper>
    </Stack>
  );
}

export function PortalOrderNotFound() {
  return (
    <Stack gap="md">
      <Title order={1}>Order not found</Title>
      <EmptyState icon={IconSearch} data-testid="portal-order-not-found">
        This order does not exist, or it is not yours.{' '}
        <Anchor component={Link} to={paths.portalOrders} underline="always">
          Your orders
        </Anchor>
      </EmptyState>
    </Stack>
  );
}

/** /portal/orders/:id */
export function PortalOrderPage({ orderId }: { orderId: number }) {
  const query = usePortalOrder(orderId);
  if (query.isPending)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={32} width="50%" />
        <Skeleton height={140} />
      </Stack>
    );
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <PortalOrderNotFound />;
    return (
      <Stack gap="md">
        <Title order={1}>Order</Title>
        <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Stack>
    );
  }
  return <PortalOrderView order={query.data.order} />;
}
