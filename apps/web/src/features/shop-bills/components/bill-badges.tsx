import type { BillKind, BillStatus } from '@inspecta/contract';
import { Badge } from '@mantine/core';

const BADGE_STYLE = { flexShrink: 0, minWidth: 'max-content' } as const;

export const BILL_KIND_LABELS: Record<BillKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
};

/** "Tax invoice" or "Credit note". */
export function BillKindBadge({ kind }: { kind: BillKind }) {
  return kind === 'invoice' ? (
    <Badge
      component="span"
      variant="light"
      radius="sm"
      color="brand"
      c="brand.9"
      style={BADGE_STYLE}
      data-testid="bill-kind"
    >
      {BILL_KIND_LABELS.invoice}
    </Badge>
  ) : (
    <Badge
      component="span"
      variant="light"
      radius="sm"
      color="grape"
      c="grape.9"
      style={BADGE_STYLE}
      data-testid="bill-kind"
    >
      {BILL_KIND_LABELS.credit_note}
    </Badge>
  );
}

/** "Issued" or "Cancelled" (colours chosen for AA contrast of the text on its tint). */
export function BillStatusBadge({ status }: { status: BillStatus }) {
  return status === 'issued' ? (
    <Badge
      component="span"
      variant="light"
      radius="sm"
      color="teal"
      c="#0b6b57"
      style={BADGE_STYLE}
      data-testid="bill-status"
    >
      Issued
    </Badge>
  ) : (
    <Badge
      component="span"
      variant="light"
      radius="sm"
      bg="var(--mantine-color-red-0)"
      c="var(--mantine-color-red-9)"
      style={BADGE_STYLE}
      data-testid="bill-status"
    >
      Cancelled
    </Badge>
  );
}
