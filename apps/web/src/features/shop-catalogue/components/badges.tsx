import type { ShopStatus, StockState } from '@inspecta/contract';
import { Badge } from '@mantine/core';

// Colours chosen for AA contrast of the text on its tint (the same as the equipment due badges).
const STOCK_STYLES: Record<Exclude<StockState, 'ok'>, { bg: string; c: string; label: string }> = {
  low: { bg: '#fff3bf', c: '#7a4b00', label: 'Low' },
  out: { bg: 'var(--mantine-color-red-0)', c: 'var(--mantine-color-red-8)', label: 'Out of stock' },
};

/** "Low" or "Out of stock" beside an available count; nothing when stock is fine. */
export function StockBadge({ state }: { state: StockState }) {
  if (state === 'ok') return null;
  const style = STOCK_STYLES[state];
  return (
    <Badge
      variant="light"
      radius="sm"
      bg={style.bg}
      c={style.c}
      data-testid="stock-badge"
      data-state={state}
      style={{
        border: `1px solid color-mix(in srgb, ${style.c} 25%, transparent)`,
        flexShrink: 0,
        minWidth: 'max-content',
      }}
    >
      {style.label}
    </Badge>
  );
}

export function ShopStatusBadge({ status }: { status: ShopStatus }) {
  const style = { flexShrink: 0, minWidth: 'max-content' };
  return status === 'active' ? (
    <Badge variant="light" radius="sm" color="teal" c="#0b6b57" style={style}>
      Active
    </Badge>
  ) : (
    <Badge variant="light" radius="sm" color="gray" c="#495057" style={style}>
      Archived
    </Badge>
  );
}
