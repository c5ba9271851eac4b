import {
  type OrderStatus,
  orderStatusLabels,
  type ShipmentStatus,
  type SupplyType,
  shipmentStatusLabels,
} from '@inspecta/contract';
import { Badge } from '@mantine/core';

// Text and tint pairs with AA contrast (the same palette as the catalogue's badges).
const TONES = {
  waiting: { bg: '#fff3bf', c: '#7a4b00' },
  active: { bg: 'var(--mantine-color-blue-0)', c: 'var(--mantine-color-blue-9)' },
  moving: { bg: 'var(--mantine-color-indigo-0)', c: 'var(--mantine-color-indigo-9)' },
  done: { bg: 'var(--mantine-color-teal-0)', c: '#0b6b57' },
  stopped: { bg: 'var(--mantine-color-gray-1)', c: '#495057' },
} as const;

const ORDER_TONE: Record<OrderStatus, keyof typeof TONES> = {
  placed: 'waiting',
  confirmed: 'active',
  partially_shipped: 'moving',
  shipped: 'moving',
  delivered: 'done',
  cancelled: 'stopped',
};

const SHIPMENT_TONE: Record<ShipmentStatus, keyof typeof TONES> = {
  pending: 'waiting',
  packed: 'active',
  shipped: 'moving',
  delivered: 'done',
  cancelled: 'stopped',
};

function ToneBadge({ tone, label, testId }: { tone: keyof typeof TONES; label: string; testId: string }) {
  const style = TONES[tone];
  return (
    <Badge
      variant="light"
      radius="sm"
      bg={style.bg}
      c={style.c}
      data-testid={testId}
      style={{
        border: `1px solid color-mix(in srgb, ${style.c} 25%, transparent)`,
        flexShrink: 0,
        minWidth: 'max-content',
      }}
    >
      {label}
    </Badge>
  );
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <ToneBadge tone={ORDER_TONE[status]} label={orderStatusLabels[status]} testId="order-status" />;
}

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return (
    <ToneBadge tone={SHIPMENT_TONE[status]} label={shipmentStatusLabels[status]} testId="shipment-status" />
  );
}

/** How a shipment is taxed: within the state (CGST + SGST) or across states (IGST). */
export function supplyTypeLabel(type: SupplyType): string {
  return type === 'intra_state' ? 'CGST + SGST (within the state)' : 'IGST (to another state)';
}
