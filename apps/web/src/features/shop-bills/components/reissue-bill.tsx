import type { Bill } from '@inspecta/contract';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFilePlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { shopBillPath } from '@/config/paths';
import { useOrder } from '@/features/shop-orders';
import { useIssueShipmentBill } from '../api/issue-shipment-bill';

/**
 * For a cancelled invoice: "Issue a new bill" for each shipment it covered that has shipped and has
 * no live invoice any more. The new bill takes the next number of the series.
 */
export function ReissueBill({ bill }: { bill: Pick<Bill, 'orderId' | 'shipmentIds'> }) {
  const order = useOrder(bill.orderId);
  const issue = useIssueShipmentBill();
  const navigate = useNavigate();
  const shipments = (order.data?.order.shipments ?? []).filter(
    (shipment) =>
      bill.shipmentIds.includes(shipment.id) &&
      (shipment.status === 'shipped' || shipment.status === 'delivered') &&
      !shipment.bills.some((b) => b.kind === 'invoice' && b.status === 'issued'),
  );
  if (shipments.length === 0) return null;

  const run = (shipmentId: number) =>
    issue.mutate(
      { orderId: bill.orderId, shipmentId },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            title: `Bill ${result.bill.billNumber} issued`,
            message: result.message,
          });
          void navigate(shopBillPath(result.bill.id));
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not issue a new bill', message: error.message }),
      },
    );

  return (
    <Group gap="sm" wrap="wrap" mt={4}>
      <Text size="sm">The goods have shipped: the shipment needs a bill again.</Text>
      {shipments.map((shipment) => (
        <Button
          key={shipment.id}
          size="xs"
          leftSection={<IconFilePlus size={16} aria-hidden="true" />}
          onClick={() => run(shipment.id)}
          loading={issue.isPending && issue.variables?.shipmentId === shipment.id}
          data-testid="bill-reissue"
        >
          Issue a new bill{shipments.length > 1 ? ` for ${shipment.shipmentNumber}` : ''}
        </Button>
      ))}
    </Group>
  );
}
