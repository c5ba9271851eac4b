import type { BillListItem } from '@inspecta/contract';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { ListFooter } from '@/components/ui/list-footer';
import { RetryRow } from '@/components/ui/retry-row';
import { portalPaths } from '@/config/paths';
import { BillKindBadge, BillStatusBadge } from '@/features/shop-bills';
import { formatMoney } from '@/features/shop-catalogue';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { useDownloadPortalBillPdf } from '../api/download-bill-pdf';
import { usePortalBills } from '../api/get-bills';

export const PORTAL_BILL_PAGE_SIZE = 20;

function BillCard({ bill }: { bill: BillListItem }) {
  const download = useDownloadPortalBillPdf();
  return (
    <Paper withBorder bg="white" p="md" data-testid="portal-bill" data-bill-id={bill.id}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600}>{bill.billNumber}</Text>
        <Group gap={4} wrap="nowrap">
          <BillKindBadge kind={bill.kind} />
          <BillStatusBadge status={bill.status} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        Issued {formatDay(bill.issuedOn)} · order{' '}
        <Anchor component={Link} to={portalPaths.order(bill.orderId)} size="xs" underline="always">
          {bill.orderNumber}
        </Anchor>
      </Text>
      <Group justify="space-between" mt="xs" gap="xs">
        <Text fw={700}>{formatMoney(bill.totalPaise, bill.currency)}</Text>
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
          aria-label={`Download ${bill.billNumber} (PDF)`}
          data-testid="portal-bill-pdf"
        >
          PDF
        </Button>
      </Group>
    </Paper>
  );
}

/** /portal/bills: your bills and credit notes, newest first, each as a PDF. */
export function PortalBillsScreen() {
  const [page, setPage] = useState(1);
  const query = usePortalBills({ page, limit: PORTAL_BILL_PAGE_SIZE });
  const bills = query.data?.bills ?? [];
  return (
    <>
      <Title order={1}>Bills</Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Tax invoices and credit notes for your orders.
      </Text>
      {query.isPending ? (
        <ListSkeleton testId="portal-bills-loading" rows={3} rowHeight={72} />
      ) : bills.length === 0 ? (
        <>
          <EmptyState icon={IconFileInvoice} data-testid="portal-bills-empty">
            No bills yet. A bill is issued when a shipment of your order leaves.
          </EmptyState>
          {query.isError ? (
            <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : null}
        </>
      ) : (
        <Stack gap="sm" data-testid="portal-bills">
          {bills.map((bill) => (
            <BillCard key={bill.id} bill={bill} />
          ))}
        </Stack>
      )}
      {bills.length ? (
        <ListFooter
          page={page}
          limit={PORTAL_BILL_PAGE_SIZE}
          total={query.data?.pagination.total ?? 0}
          onPage={setPage}
          noun={['bill', 'bills']}
        />
      ) : null}
    </>
  );
}
