import {
  type AddressSnapshot,
  billingModeLabels,
  type Order,
  type Shipment,
  type TaxFigures,
} from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconArrowLeft,
  IconCheck,
  IconFileTypePdf,
  IconPackage,
  IconShoppingCart,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths, shopBillPath } from '@/config/paths';
import { formatMoney } from '@/features/shop-catalogue';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { useCancelOrder } from '../api/cancel-order';
import { useCancelShipment } from '../api/cancel-shipment';
import { useConfirmOrder } from '../api/confirm-order';
import { useDeliverShipment } from '../api/deliver-shipment';
import { downloadOrderPdf } from '../api/download-order-pdf';
import { useOrder } from '../api/get-order';
import { usePackShipment } from '../api/pack-shipment';
import { useReturnShipment } from '../api/return-shipment';
import { useShipShipment } from '../api/ship-shipment';
import { addressLines } from '../lib/address';
import { OrderStatusBadge, ShipmentStatusBadge, supplyTypeLabel } from './badges';
import { ActionError, ReasonDialog, ReturnDialog, ShipDialog } from './order-dialogs';
import classes from './shop-orders.module.css';

function BackLink() {
  return (
    <Anchor
      component={Link}
      to={paths.shopOrders}
      size="sm"
      mb="xs"
      display="inline-flex"
      style={{ gap: 4, alignItems: 'center' }}
    >
      <IconArrowLeft size={14} aria-hidden="true" />
      Orders
    </Anchor>
  );
}

/** The order page for an id that does not exist (or a malformed one). */
export function OrderNotFound() {
  return (
    <>
      <BackLink />
      <PageHeader title="Order not found" />
      <EmptyState icon={IconShoppingCart} data-testid="order-not-found">
        There is no order with this id. It may have been mistyped; every order is listed under Orders.
      </EmptyState>
    </>
  );
}

function AddressBlock({ address }: { address: AddressSnapshot }) {
  return (
    <address className={classes.address}>
      <Text size="sm" fw={600}>
        {address.label}
      </Text>
      {addressLines(address).map((line) => (
        <div key={line}>{line}</div>
      ))}
      {address.contactName || address.phone ? (
        <Text size="xs" c="dimmed">
          {[address.contactName, address.phone].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
      {address.gstin ? (
        <Text size="xs">
          GSTIN{' '}
          <Text span ff="monospace" size="xs" fw={600}>
            {address.gstin}
          </Text>
        </Text>
      ) : null}
    </address>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Taxable, the tax as charged (CGST + SGST or IGST) and the total. */
function TaxRows({ totals, testId }: { totals: TaxFigures; testId: string }) {
  const rows: Array<[string, number]> = [['Taxable value', totals.taxablePaise]];
  if (totals.cgstPaise || totals.sgstPaise) rows.push(['CGST', totals.cgstPaise], ['SGST', totals.sgstPaise]);
  if (totals.igstPaise) rows.push(['IGST', totals.igstPaise]);
  rows.push(['Total', totals.totalPaise]);
  return (
    <Stack gap={2} data-testid={testId} maw={320} ml="auto" w="100%">
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" gap="md" wrap="nowrap">
          <Text size="sm" fw={label === 'Total' ? 700 : 400}>
            {label}
          </Text>
          <Text
            size="sm"
            fw={label === 'Total' ? 700 : 500}
            data-testid={`${testId}-${label.toLowerCase().replace(/\s+/g, '-')}`}
          >
            {formatMoney(value)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function LinesTable({ order }: { order: Order }) {
  return (
    <Paper withBorder bg="white" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer
        minWidth={760}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Order lines, scrolls sideways"
      >
        <Table verticalSpacing="xs" horizontalSpacing="md" data-testid="order-lines">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Shipped</Table.Th>
              <Table.Th ta="right">Cancelled</Table.Th>
              <Table.Th ta="right">Returned</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">GST</Table.Th>
              <Table.Th ta="right">Taxable</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={line.id} data-testid="order-line">
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" ff="monospace">
                    {line.sku}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{line.name}</Text>
                  <Text size="xs" c="dimmed">
                    HSN {line.hsnCode}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{line.shippedQuantity}</Table.Td>
                <Table.Td ta="right">{line.cancelledQuantity}</Table.Td>
                <Table.Td ta="right">{line.returnedQuantity}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(line.unitPricePaise, order.currency)}
                </Table.Td>
                <Table.Td ta="right">{line.gstRate} %</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(line.taxablePaise, order.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

type Dialog =
  | { kind: 'cancel-order' }
  | { kind: 'ship'; shipment: Shipment }
  | { kind: 'cancel-shipment'; shipment: Shipment }
  | { kind: 'return'; shipment: Shipment }
  | null;

function ShipmentCard({
  order,
  shipment,
  busy,
  onAction,
}: {
  order: Order;
  shipment: Shipment;
  busy: boolean;
  onAction: (action: 'pack' | 'ship' | 'deliver' | 'cancel' | 'return', shipment: Shipment) => void;
}) {
  const confirmed = order.status !== 'placed' && order.status !== 'cancelled';
  const open = shipment.status === 'pending' || shipment.status === 'packed';
  const returnable =
    shipment.status === 'delivered' && shipment.lines.some((line) => line.quantity > line.returnedQuantity);
  return (
    <Paper withBorder bg="white" p="md" data-testid="shipment-card" data-shipment={shipment.shipmentNumber}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h4" ff="monospace" data-testid="shipment-number">
              {shipment.shipmentNumber}
            </Title>
            <ShipmentStatusBadge status={shipment.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {supplyTypeLabel(shipment.supplyType)}
          </Text>
        </Group>
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3} mb={2}>
              Ship to
            </Text>
            <AddressBlock address={shipment.address} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <dl className={classes.facts}>
              {shipment.carrier ? <Fact label="Carrier">{shipment.carrier}</Fact> : null}
              {shipment.trackingNumber ? (
                <Fact label="Tracking number">
                  <Text span size="sm" ff="monospace" data-testid="shipment-tracking">
                    {shipment.trackingNumber}
                  </Text>
                </Fact>
              ) : null}
              {shipment.packedAt ? <Fact label="Packed">{formatDateTime(shipment.packedAt)}</Fact> : null}
              {shipment.shippedOn ? <Fact label="Shipped on">{formatDay(shipment.shippedOn)}</Fact> : null}
              {shipment.deliveredAt ? (
                <Fact label="Delivered">{formatDateTime(shipment.deliveredAt)}</Fact>
              ) : null}
              {shipment.cancelledAt ? (
                <Fact label="Cancelled">
                  {formatDateTime(shipment.cancelledAt)}
                  {shipment.cancelReason ? ` — ${shipment.cancelReason}` : ''}
                </Fact>
              ) : null}
              {shipment.bills.length ? (
                <Fact label="Bills">
                  <Stack gap={2} data-testid="shipment-bills">
                    {shipment.bills.map((bill) => (
                      <Group key={bill.id} gap={6} wrap="nowrap">
                        <Anchor component={Link} to={shopBillPath(bill.id)} size="sm" ff="monospace">
                          {bill.billNumber}
                        </Anchor>
                        {bill.kind === 'credit_note' ? (
                          <Badge size="xs" radius="sm" variant="light" color="gray" c="#495057">
                            Credit note
                          </Badge>
                        ) : null}
                        {bill.status === 'cancelled' ? (
                          <Badge size="xs" radius="sm" variant="light" color="red" c="red.8">
                            Cancelled
                          </Badge>
                        ) : null}
                      </Group>
                    ))}
                  </Stack>
                </Fact>
              ) : null}
            </dl>
          </Grid.Col>
        </Grid>
        <Table.ScrollContainer
          minWidth={420}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={`Lines of ${shipment.shipmentNumber}, scrolls sideways`}
        >
          <Table verticalSpacing={4} data-testid="shipment-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Returned</Table.Th>
                <Table.Th ta="right">Taxable</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shipment.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    <Text size="sm">{line.name}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {line.sku} · {line.gstRate} % GST
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{line.returnedQuantity}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.unitPricePaise * line.quantity)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <TaxRows totals={shipment.totals} testId="shipment-totals" />
        {open && !confirmed && order.status !== 'cancelled' ? (
          <Text size="xs" c="dimmed">
            Confirm the order before packing or shipping.
          </Text>
        ) : null}
        {open || shipment.status === 'shipped' || returnable ? (
          <Group gap="xs" wrap="wrap">
            {shipment.status === 'pending' && confirmed ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPackage size={14} aria-hidden="true" />}
                onClick={() => onAction('pack', shipment)}
                loading={busy}
              >
                Pack
              </Button>
            ) : null}
            {open && confirmed ? (
              <Button
                size="xs"
                leftSection={<IconTruckDelivery size={14} aria-hidden="true" />}
                onClick={() => onAction('ship', shipment)}
              >
                Ship
              </Button>
            ) : null}
            {shipment.status === 'shipped' ? (
              <Button
                size="xs"
                leftSection={<IconCheck size={14} aria-hidden="true" />}
                onClick={() => onAction('deliver', shipment)}
                loading={busy}
              >
                Mark delivered
              </Button>
            ) : null}
            {returnable ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArrowBackUp size={14} aria-hidden="true" />}
                onClick={() => onAction('return', shipment)}
              >
                Return
              </Button>
            ) : null}
            {open && order.status !== 'cancelled' ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={14} aria-hidden="true" />}
                onClick={() => onAction('cancel', shipment)}
              >
                Cancel shipment
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Screen /dashboard/shop/orders/:id: the order, its shipments with their actions, and what happened. */
export function OrderPage({ orderId }: { orderId: number }) {
  const query = useOrder(orderId);
  const confirm = useConfirmOrder();
  const cancelOrder = useCancelOrder();
  const pack = usePackShipment();
  const ship = useShipShipment();
  const deliver = useDeliverShipment();
  const cancelShipment = useCancelShipment();
  const returnShipment = useReturnShipment();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [downloading, setDownloading] = useState(false);
  const order = query.data?.order;

  if (query.isError && isApiError(query.error) && query.error.status === 404) return <OrderNotFound />;

  if (!order) {
    return (
      <>
        <BackLink />
        {query.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title="The order could not be loaded"
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
          <Stack gap="md" aria-busy="true" data-testid="order-loading">
            <Skeleton height={36} width="40%" />
            <Skeleton height={160} />
            <Skeleton height={220} />
          </Stack>
        )}
      </>
    );
  }

  const done = (message: string) => {
    setActionError(null);
    notifications.show({ color: 'teal', title: order.orderNumber, message });
  };
  const attempt = async (action: () => Promise<{ message: string }>) => {
    try {
      const result = await action();
      done(result.message);
    } catch (error) {
      setActionError(error);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };

  const onShipmentAction = (
    action: 'pack' | 'ship' | 'deliver' | 'cancel' | 'return',
    shipment: Shipment,
  ) => {
    if (action === 'pack')
      void attempt(() => pack.mutateAsync({ orderId: order.id, shipmentId: shipment.id }));
    else if (action === 'deliver')
      void attempt(() => deliver.mutateAsync({ orderId: order.id, shipmentId: shipment.id, body: {} }));
    else if (action === 'ship') setDialog({ kind: 'ship', shipment });
    else if (action === 'cancel') setDialog({ kind: 'cancel-shipment', shipment });
    else setDialog({ kind: 'return', shipment });
  };

  const shippedAny = order.shipments.some((s) => s.status === 'shipped' || s.status === 'delivered');
  const cancellable = (order.status === 'placed' || order.status === 'confirmed') && !shippedAny;

  const downloadPdf = async () => {
    setDownloading(true);
    try {
      await downloadOrderPdf(order.id, order.orderNumber);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not download the PDF',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    } finally {
      setDownloading(false);
    }
  };

  const clientName = order.client.company
    ? `${order.client.company} (${order.client.name})`
    : order.client.name;
  const busyShipment = (id: number) =>
    (pack.isPending && pack.variables?.shipmentId === id) ||
    (deliver.isPending && deliver.variables?.shipmentId === id);

  return (
    <>
      <BackLink />
      <PageHeader
        title={`Order ${order.orderNumber}`}
        description={
          <Group gap="xs" component="span" wrap="wrap">
            <OrderStatusBadge status={order.status} />
            <span>
              {clientName} · placed {formatDateTime(order.placedAt)}
            </span>
          </Group>
        }
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
              onClick={() => void downloadPdf()}
              loading={downloading}
            >
              Download PDF
            </Button>
            {cancellable ? (
              <Button
                variant="default"
                c="red.8"
                leftSection={<IconX size={18} aria-hidden="true" />}
                onClick={() => setDialog({ kind: 'cancel-order' })}
              >
                Cancel order
              </Button>
            ) : null}
            {order.status === 'placed' ? (
              <Button
                leftSection={<IconCheck size={18} aria-hidden="true" />}
                onClick={() => void attempt(() => confirm.mutateAsync({ orderId: order.id }))}
                loading={confirm.isPending}
              >
                Confirm
              </Button>
            ) : null}
          </Group>
        }
      />

      <Stack gap="md">
        <ActionError error={actionError} />
        {order.status === 'cancelled' ? (
          <Alert
            color="gray"
            variant="light"
            icon={<IconX aria-hidden="true" />}
            data-testid="order-cancelled"
          >
            Cancelled {order.cancelledAt ? formatDateTime(order.cancelledAt) : ''}
            {order.cancelReason ? `: ${order.cancelReason}` : ''}. Its reserved stock went back on the shelf.
          </Alert>
        ) : null}

        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder bg="white" p="md" h="100%" data-testid="order-summary">
              <dl className={classes.facts}>
                <Fact label="Client">
                  <span data-testid="order-client">{clientName}</span>
                  <Text size="xs" c="dimmed">
                    {[order.client.email, order.client.phone].filter(Boolean).join(' · ')}
                  </Text>
                </Fact>
                <Fact label="Placed">
                  <time dateTime={order.placedAt} title={formatDateTime(order.placedAt)}>
                    {formatDateTime(order.placedAt)}
                  </time>
                  {order.placedBy ? (
                    <Text size="xs" c="dimmed">
                      by {order.placedBy.name}
                    </Text>
                  ) : null}
                </Fact>
                <Fact label="Confirmed">
                  {order.confirmedAt ? formatDateTime(order.confirmedAt) : 'Not yet'}
                </Fact>
                <Fact label="Billing">{billingModeLabels[order.billingMode]}</Fact>
                <Fact label="Bill to">
                  <AddressBlock address={order.billingAddress} />
                </Fact>
                {order.notes ? <Fact label="Notes">{order.notes}</Fact> : null}
              </dl>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder bg="white" p="md" h="100%">
              <Title order={2} size="h4" mb="sm">
                Totals
              </Title>
              <TaxRows totals={order.totals} testId="order-totals" />
            </Paper>
          </Grid.Col>
        </Grid>

        <Title order={2} size="h3">
          Lines
        </Title>
        <LinesTable order={order} />

        <Title order={2} size="h3">
          Shipments ({order.shipments.length})
        </Title>
        <Stack gap="md">
          {order.shipments.map((shipment) => (
            <ShipmentCard
              key={shipment.id}
              order={order}
              shipment={shipment}
              busy={busyShipment(shipment.id)}
              onAction={onShipmentAction}
            />
          ))}
        </Stack>

        <Paper withBorder bg="white" p="md" data-testid="order-timeline">
          <Title order={2} size="h4" mb="md">
            Timeline
          </Title>
          {order.timeline.length ? (
            <Timeline bulletSize={12} lineWidth={2} active={order.timeline.length - 1}>
              {order.timeline.map((event) => (
                <Timeline.Item key={`${event.at}-${event.action}-${event.text}`} title={event.text}>
                  <Text size="xs" c="dimmed">
                    {event.actor ? `${event.actor.name} · ` : ''}
                    <time dateTime={event.at} title={formatDateTime(event.at)}>
                      {formatDateTime(event.at)} ({formatRelativeTime(event.at)})
                    </time>
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          ) : (
            <Text size="sm" c="dimmed">
              Nothing recorded yet.
            </Text>
          )}
        </Paper>
      </Stack>

      <ReasonDialog
        opened={dialog?.kind === 'cancel-order'}
        title={`Cancel order ${order.orderNumber}`}
        explanation="Every shipment not yet sent is cancelled and its reserved stock goes back on the shelf."
        confirmLabel="Cancel order"
        onClose={() => setDialog(null)}
        onSubmit={async (reason) => {
          const result = await cancelOrder.mutateAsync({ orderId: order.id, body: { reason } });
          done(result.message);
        }}
      />
      <ReasonDialog
        opened={dialog?.kind === 'cancel-shipment'}
        title={`Cancel shipment ${dialog?.kind === 'cancel-shipment' ? dialog.shipment.shipmentNumber : ''}`}
        explanation="Its reserved stock goes back on the shelf; the order's other shipments go on."
        confirmLabel="Cancel shipment"
        onClose={() => setDialog(null)}
        onSubmit={async (reason) => {
          if (dialog?.kind !== 'cancel-shipment') return;
          const result = await cancelShipment.mutateAsync({
            orderId: order.id,
            shipmentId: dialog.shipment.id,
            body: { reason },
          });
          done(result.message);
        }}
      />
      <ShipDialog
        shipment={dialog?.kind === 'ship' ? dialog.shipment : null}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          if (dialog?.kind !== 'ship') return;
          const result = await ship.mutateAsync({ orderId: order.id, shipmentId: dialog.shipment.id, body });
          done(result.message);
        }}
      />
      <ReturnDialog
        shipment={dialog?.kind === 'return' ? dialog.shipment : null}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          if (dialog?.kind !== 'return') return;
          const result = await returnShipment.mutateAsync({
            orderId: order.id,
            shipmentId: dialog.shipment.id,
            body,
          });
          done(result.message);
        }}
      />
    </>
  );
}
