import type { BillListItem } from '@inspecta/contract';
import { Anchor, Button, Group, Menu, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustmentsHorizontal,
  IconCalendarMonth,
  IconDownload,
  IconExternalLink,
  IconFileInvoice,
  IconShoppingCart,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
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
import { shopBillPath, shopOrderPath } from '@/config/paths';
import { formatMoney } from '@/features/shop-catalogue';
import { ClientSelect } from '@/features/sites';
import { useUrlParams } from '@/hooks/use-url-params';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { useDownloadBillPdf } from '../api/download-bill-pdf';
import { exportBills } from '../api/export-bills';
import { useBills } from '../api/get-bills';
import {
  ANY_DATE,
  BILL_SORTS,
  BILL_URL_KEYS,
  DEFAULT_BILL_SORT,
  localToday,
  readBillFilters,
} from '../lib/bill-filters';
import { BillKindBadge, BillStatusBadge } from './bill-badges';
import { BillTotalsPanel } from './bill-totals';

const PAGE_SIZE = 20;

const KINDS = [
  { value: 'invoice', label: 'Tax invoices' },
  { value: 'credit_note', label: 'Credit notes' },
];
const STATUSES = [
  { value: 'issued', label: 'Issued' },
  { value: 'cancelled', label: 'Cancelled' },
];

const clientName = (client: BillListItem['client']) =>
  client.company ? `${client.company} (${client.name})` : client.name;

/** The tax of a bill in one figure: CGST + SGST within the state, IGST across states. */
const taxOf = (bill: BillListItem) => bill.cgstPaise + bill.sgstPaise + bill.igstPaise;

function BillNumberLink({ bill }: { bill: BillListItem }) {
  return (
    <Anchor
      component={Link}
      to={shopBillPath(bill.id)}
      fw={600}
      size="sm"
      ff="monospace"
      td={bill.status === 'cancelled' ? 'line-through' : undefined}
      data-testid="bill-number"
    >
      {bill.billNumber}
    </Anchor>
  );
}

/** One bill as a card, for narrow screens: the same facts as a table row. */
function BillCard({ bill, actions }: { bill: BillListItem; actions: ReactNode }) {
  return (
    <Paper withBorder bg="white" p="sm" data-testid="bill-row">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <BillNumberLink bill={bill} />
            <BillKindBadge kind={bill.kind} />
            {bill.status === 'cancelled' ? <BillStatusBadge status={bill.status} /> : null}
          </Group>
          <Text size="sm" fw={500} lineClamp={2}>
            {clientName(bill.client)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDay(bill.issuedOn)} · {bill.orderNumber} · {bill.placeOfSupply}
          </Text>
          <Group gap="xs" wrap="wrap" mt={2}>
            <Text size="sm" fw={700} data-testid="bill-total">
              {formatMoney(bill.totalPaise, bill.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatMoney(bill.taxablePaise, bill.currency)} + {formatMoney(taxOf(bill), bill.currency)} GST
            </Text>
          </Group>
        </Stack>
        {actions}
      </Group>
    </Paper>
  );
}

/**
 * Screen /dashboard/shop/bills: tax invoices and credit notes by date range (this month unless the
 * address says otherwise), id or number, client, kind and status; the totals of everything the
 * filters match; the Excel (with a sheet of tax per rate) and CSV export.
 */
export function BillsScreen() {
  const { values, page, update } = useUrlParams(BILL_URL_KEYS);
  const read = readBillFilters(values, localToday());
  const { filters, sort } = read;
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  // On a phone the filters fold away under a button, so the list is not pushed below the fold.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const showFilters = !narrow || filtersOpen;
  const filterCount = [values.start_date, values.end_date, values.client, values.kind, values.status].filter(
    Boolean,
  ).length;
  const query = useBills({ page, limit: PAGE_SIZE, ...filters, sort });
  const download = useDownloadBillPdf();

  const bills = query.data?.response ?? [];
  const total = query.data?.pagination.total ?? 0;
  const selectedClient = bills.find((b) => b.client.id === read.clientId)?.client;
  const filtered = Boolean(values.id || values.client || values.kind || values.status);

  const setDates = (start: string, end: string) =>
    update({ start_date: start || ANY_DATE, end_date: end || ANY_DATE });

  const downloadPdf = async (bill: BillListItem) => {
    try {
      const name = await download.mutateAsync({ id: bill.id, billNumber: bill.billNumber });
      notifications.show({ color: 'teal', title: 'PDF downloaded', message: name });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not download the PDF',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    }
  };

  const actions = (bill: BillListItem) => (
    <RowActionsMenu label={`Actions for ${bill.billNumber}`}>
      <Menu.Item
        component={Link}
        to={shopBillPath(bill.id)}
        leftSection={<IconExternalLink size={16} aria-hidden="true" />}
      >
        Open
      </Menu.Item>
      <Menu.Item
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        onClick={() => void downloadPdf(bill)}
      >
        Download PDF
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={shopOrderPath(bill.orderId)}
        leftSection={<IconShoppingCart size={16} aria-hidden="true" />}
      >
        Open order {bill.orderNumber}
      </Menu.Item>
    </RowActionsMenu>
  );

  return (
    <>
      <PageHeader
        title="Bills"
        description="Tax invoices issued as shipments ship, and the credit notes that answer returns."
        actions={
          <ExportMenu
            label="bills"
            onExport={(format, options) => exportBills(format, filters, options)}
            disabled={query.isPending || total === 0 || read.rangeError !== null}
            data-testid="bills-export"
          />
        }
      />

      <ListScreen
        filterGap="sm"
        search={
          <ListSearchInput
            label="Id or number"
            placeholder="e.g. 42 or INV/26-27/000123"
            value={values.id}
            onSearch={(text) => update({ id: text })}
            flex="1 1 220px"
          />
        }
        activeFilters={countActive(read.startDate, read.endDate, read.clientId, filters.kind, filters.status)}
        filters={
          <>
            {narrow ? (
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
                onClick={() => setFiltersOpen((open) => !open)}
                aria-expanded={filtersOpen}
                style={{ flex: '1 1 auto' }}
              >
                {filterCount ? `Dates and filters (${filterCount})` : 'Dates and filters'}
              </Button>
            ) : null}
            {showFilters ? (
              <>
                <DateField
                  label="Start date"
                  value={read.startDate}
                  max={read.endDate || undefined}
                  onChange={(value) => setDates(value, read.endDate)}
                  style={{ flex: '1 1 150px' }}
                  data-testid="bills-start-date"
                />
                <DateField
                  label="End date"
                  value={read.endDate}
                  min={read.startDate || undefined}
                  onChange={(value) => setDates(read.startDate, value)}
                  error={read.rangeError}
                  style={{ flex: '1 1 150px' }}
                  data-testid="bills-end-date"
                />
                <Button
                  variant="subtle"
                  leftSection={<IconCalendarMonth size={16} aria-hidden="true" />}
                  onClick={() => update({ start_date: null, end_date: null })}
                  disabled={!values.start_date && !values.end_date}
                >
                  This month
                </Button>
                <ClientSelect
                  label="Client"
                  placeholder="All clients"
                  value={read.clientId ? String(read.clientId) : null}
                  onChange={(value) => update({ client: value })}
                  selected={selectedClient ? { ...selectedClient, status: 'active' } : null}
                  clearButtonProps={{ 'aria-label': 'Clear client' }}
                  style={{ flex: '1 1 220px' }}
                />
                <Select
                  label="Kind"
                  placeholder="Invoices and credit notes"
                  data={KINDS}
                  value={filters.kind ?? null}
                  onChange={(value) => update({ kind: value })}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Clear kind' }}
                  style={{ flex: '1 1 170px' }}
                />
                <Select
                  label="Status"
                  placeholder="Any status"
                  data={STATUSES}
                  value={filters.status ?? null}
                  onChange={(value) => update({ status: value })}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Clear status' }}
                  style={{ flex: '1 1 140px' }}
                />
                <Select
                  label="Sort by"
                  data={BILL_SORTS}
                  value={sort}
                  onChange={(value) => update({ sort: value === DEFAULT_BILL_SORT ? null : value })}
                  allowDeselect={false}
                  style={{ flex: '1 1 180px' }}
                />
              </>
            ) : null}
          </>
        }
        query={query}
        rowCount={bills.length}
        skeleton={
          <>
            <BillTotalsPanel totals={undefined} />
            <ListSkeleton testId="bills-loading" />
          </>
        }
        empty={{
          icon: IconFileInvoice,
          'data-testid': 'bills-empty',
          text: filtered
            ? 'No bills match these filters.'
            : 'No bills in these dates. A tax invoice is issued when a shipment ships; pick other dates to see earlier bills.',
          failedText: 'The bills could not be loaded.',
        }}
        footer={
          bills.length > 0 ? (
            <ListFooter
              page={page}
              limit={PAGE_SIZE}
              total={total}
              totalIsCapped={query.data?.pagination.totalIsCapped}
              onPage={(next) => update({ page: next })}
              noun={['bill', 'bills']}
            />
          ) : null
        }
      >
        <BillTotalsPanel totals={query.data?.totals} />
        {narrow ? (
          <Stack gap="sm" data-testid="bills-cards">
            {bills.map((bill) => (
              <BillCard key={bill.id} bill={bill} actions={actions(bill)} />
            ))}
          </Stack>
        ) : (
          <ListTable
            minWidth={1040}
            data-testid="bills-table"
            headBg="gray.0"
            columns={
              <>
                <Table.Th>Number</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Client</Table.Th>
                <Table.Th>Order</Table.Th>
                <Table.Th ta="right">Taxable</Table.Th>
                <Table.Th ta="right">GST</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {bills.map((bill) => (
              <Table.Tr key={bill.id} data-testid="bill-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <BillNumberLink bill={bill} />
                  <Group gap={4} mt={2}>
                    <BillKindBadge kind={bill.kind} />
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDay(bill.issuedOn)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {clientName(bill.client)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {bill.buyerGstin ? (
                      <Text span ff="monospace" size="xs">
                        {bill.buyerGstin}
                      </Text>
                    ) : (
                      'No GSTIN'
                    )}{' '}
                    · {bill.placeOfSupply}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor component={Link} to={shopOrderPath(bill.orderId)} size="sm">
                    {bill.orderNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatMoney(bill.taxablePaise, bill.currency)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatMoney(taxOf(bill), bill.currency)}</Text>
                  <Text size="xs" c="dimmed">
                    {bill.supplyType === 'intra_state' ? 'CGST + SGST' : 'IGST'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600} data-testid="bill-total">
                    {formatMoney(bill.totalPaise, bill.currency)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <BillStatusBadge status={bill.status} />
                </Table.Td>
                <Table.Td>{actions(bill)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListScreen>
    </>
  );
}
