import { type ProductUnit, type StockMovementKind, stockMovementKindLabels } from '@inspecta/contract';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconHistory, IconRefresh } from '@tabler/icons-react';
import { DateField } from '@/components/ui/date-field';
import { EmptyState } from '@/components/ui/empty-state';
import { ListFooter } from '@/components/ui/list-footer';
import { useUrlParams } from '@/hooks/use-url-params';
import { formatDateTime } from '@/utils/format-relative-time';
import { useLogHistory } from '../api/get-log-history';
import { formatMoney } from '../lib/money';

const PAGE_SIZE = 20;
const KEYS = ['from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const KIND_COLOURS: Record<StockMovementKind, { bg: string; c: string }> = {
  receive: { bg: 'var(--mantine-color-teal-0)', c: '#0b6b57' },
  return: { bg: 'var(--mantine-color-teal-0)', c: '#0b6b57' },
  adjust: { bg: 'var(--mantine-color-blue-0)', c: 'var(--mantine-color-blue-9)' },
  write_off: { bg: 'var(--mantine-color-red-0)', c: 'var(--mantine-color-red-8)' },
  ship: { bg: 'var(--mantine-color-gray-1)', c: '#495057' },
  reserve: { bg: 'var(--mantine-color-gray-1)', c: '#495057' },
  release: { bg: 'var(--mantine-color-gray-1)', c: '#495057' },
};

function KindBadge({ kind }: { kind: StockMovementKind }) {
  const style = KIND_COLOURS[kind];
  return (
    <Badge variant="light" radius="sm" bg={style.bg} c={style.c} style={{ minWidth: 'max-content' }}>
      {stockMovementKindLabels[kind]}
    </Badge>
  );
}

const signed = (value: number) =>
  value > 0 ? `+${value.toLocaleString('en-IN')}` : value.toLocaleString('en-IN');

/**
 * A product's stock ledger: every movement with who, when, the change, on hand before → after and
 * why; filtered by a range of days (in the address) and paged.
 */
export function LogHistory({ productId, unit }: { productId: number; unit: ProductUnit }) {
  const { values, page, update } = useUrlParams(KEYS);
  const from = DAY.test(values.from) ? values.from : '';
  const to = DAY.test(values.to) ? values.to : '';
  const reversed = from !== '' && to !== '' && from > to;
  const query = useLogHistory(productId, {
    page,
    limit: PAGE_SIZE,
    ...(from && !reversed ? { from } : {}),
    ...(to && !reversed ? { to } : {}),
  });
  const rows = query.data?.data ?? [];
  const total = query.data?.pagination.total ?? 0;

  return (
    <Paper withBorder bg="white" p="md" data-testid="log-history">
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            Log history
          </Title>
          <Text size="xs" c="dimmed" mt={2}>
            Every stock movement of this product, newest first (quantities in{' '}
            {unit === 'kg' ? 'kg' : `${unit}s`})
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateField
            label="From"
            value={from}
            max={to || undefined}
            onChange={(value) => update({ from: value })}
            w={{ base: 140, xs: 160 }}
          />
          <DateField
            label="To"
            value={to}
            min={from || undefined}
            onChange={(value) => update({ to: value })}
            error={reversed ? 'To must be on or after From' : undefined}
            w={{ base: 140, xs: 160 }}
          />
          {from || to ? (
            <Button variant="subtle" size="sm" onClick={() => update({ from: null, to: null })}>
              All dates
            </Button>
          ) : null}
        </Group>
      </Group>

      {query.isPending ? (
        <Stack gap="sm" aria-busy="true">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={32} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState icon={IconHistory} data-testid="log-history-empty">
          {query.isError ? (
            <Stack align="center" gap="sm">
              <span>The log history could not be loaded.</span>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconRefresh size={14} aria-hidden="true" />}
                onClick={() => void query.refetch()}
              >
                Try again
              </Button>
            </Stack>
          ) : from || to ? (
            'No stock movements in these dates.'
          ) : (
            'No stock movements yet. Receive stock to start the ledger.'
          )}
        </EmptyState>
      ) : (
        // Focusable, so keyboard users can scroll the table sideways on a narrow screen.
        <Table.ScrollContainer
          minWidth={760}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Stock movements, scrolls sideways"
        >
          <Table verticalSpacing="xs" striped data-testid="log-history-table">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="log-row" data-kind={row.kind}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateTime(row.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <KindBadge kind={row.kind} />
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    <Text size="sm" ff="monospace" data-testid="log-quantity">
                      {signed(row.quantityDelta !== 0 ? row.quantityDelta : row.reservedDelta)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" data-testid="log-before-after">
                      {row.onHandBefore.toLocaleString('en-IN')} → {row.onHandAfter.toLocaleString('en-IN')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.actor?.name ?? 'System'}</Text>
                  </Table.Td>
                  <Table.Td>
                    {row.reason || row.kind !== 'receive' ? <Text size="sm">{row.reason ?? '—'}</Text> : null}
                    {row.kind === 'receive' && (row.unitCostPaise !== null || row.supplierReference) ? (
                      <Text size="xs" c="dimmed">
                        {[
                          row.unitCostPaise !== null ? `${formatMoney(row.unitCostPaise)} a unit` : null,
                          row.supplierReference ? `Ref. ${row.supplierReference}` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > 0 ? (
        <ListFooter
          page={page}
          limit={PAGE_SIZE}
          total={total}
          totalIsCapped={query.data?.pagination.totalIsCapped}
          onPage={(next) => update({ page: next })}
          noun={['movement', 'movements']}
        />
      ) : null}
    </Paper>
  );
}
