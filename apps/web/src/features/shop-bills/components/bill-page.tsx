import type { AddressSnapshot, Bill, BillLine, BillSeller } from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconBan,
  IconDownload,
  IconFileInvoice,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Fact } from '@/components/ui/fact';
import { PageHeader } from '@/components/ui/page-header';
import { paths, shopBillPath, shopOrderPath } from '@/config/paths';
import { formatMoney } from '@/features/shop-catalogue';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { formatDateTime } from '@/utils/format-relative-time';
import { useDownloadBillPdf } from '../api/download-bill-pdf';
import { useBill } from '../api/get-bill';
import { BILL_KIND_LABELS, BillKindBadge, BillStatusBadge } from './bill-badges';
import { CancelBillModal } from './cancel-bill-modal';
import { ReissueBill } from './reissue-bill';

function BackLink() {
  return (
    <Anchor
      component={Link}
      to={paths.shopBills}
      size="sm"
      mb="xs"
      display="inline-flex"
      style={{ gap: 4, alignItems: 'center' }}
    >
      <IconArrowLeft size={14} aria-hidden="true" />
      Bills
    </Anchor>
  );
}

/** The bill page for an id that does not exist (or a malformed one). */
export function BillNotFound() {
  return (
    <>
      <BackLink />
      <PageHeader title="Bill not found" />
      <EmptyState icon={IconFileInvoice} data-testid="bill-not-found">
        There is no bill with this id. It may have been mistyped; every bill ever issued, cancelled ones too,
        is listed under Bills.
      </EmptyState>
    </>
  );
}

function Label({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
      {children}
    </Text>
  );
}

function Gstin({ value, testId }: { value: string | null; testId: string }) {
  return (
    <Text size="sm" mt={4}>
      GSTIN:{' '}
      {value ? (
        <Text span ff="monospace" fw={600} size="sm" data-testid={testId}>
          {value}
        </Text>
      ) : (
        <Text span c="dimmed" size="sm" data-testid={testId}>
          not registered
        </Text>
      )}
    </Text>
  );
}

const joined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(', ');

function SellerBlock({ seller }: { seller: BillSeller }) {
  const state = seller.state ? `${seller.state}${seller.stateCode ? ` (${seller.stateCode})` : ''}` : null;
  return (
    <div data-testid="bill-seller">
      <Label>Seller</Label>
      <Text fw={700} mt={2}>
        {seller.companyName}
      </Text>
      {seller.addressLine1 ? <Text size="sm">{seller.addressLine1}</Text> : null}
      {seller.addressLine2 ? <Text size="sm">{seller.addressLine2}</Text> : null}
      {seller.city || state || seller.pincode ? (
        <Text size="sm">{joined(seller.city, state, seller.pincode)}</Text>
      ) : null}
      {seller.phone || seller.email ? (
        <Text size="sm" c="dimmed">
          {joined(seller.phone, seller.email)}
        </Text>
      ) : null}
      <Gstin value={seller.gstin} testId="bill-seller-gstin" />
    </div>
  );
}

function AddressBlock({
  label,
  address,
  testId,
  withGstin,
}: {
  label: string;
  address: AddressSnapshot;
  testId: string;
  withGstin?: boolean;
}) {
  return (
    <div data-testid={testId}>
      <Label>{label}</Label>
      <Text fw={600} mt={2}>
        {address.label}
      </Text>
      {address.contactName ? <Text size="sm">{address.contactName}</Text> : null}
      <Text size="sm">{address.addressLine1}</Text>
      {address.addressLine2 ? <Text size="sm">{address.addressLine2}</Text> : null}
      <Text size="sm">
        {joined(address.city, address.district)}
        {' – '}
        {address.pincode}
      </Text>
      <Text size="sm">
        {address.state}
        {address.stateCode ? ` (${address.stateCode})` : ''}
      </Text>
      {address.phone ? (
        <Text size="sm" c="dimmed">
          {address.phone}
        </Text>
      ) : null}
      {withGstin ? <Gstin value={address.gstin} testId={`${testId}-gstin`} /> : null}
    </div>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

function LinesTable({ bill }: { bill: Bill }) {
  const intra = bill.supplyType === 'intra_state';
  const money = (paise: number) => formatMoney(paise, bill.currency);
  return (
    <Table.ScrollContainer minWidth={intra ? 900 : 800}>
      <Table verticalSpacing="xs" horizontalSpacing="sm" data-testid="bill-lines">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>HSN</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Taxable</Table.Th>
            {intra ? (
              <>
                <Table.Th ta="right">CGST</Table.Th>
                <Table.Th ta="right">SGST</Table.Th>
              </>
            ) : (
              <Table.Th ta="right">IGST</Table.Th>
            )}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bill.lines.map((line) => (
            <Table.Tr key={line.lineNumber} data-testid="bill-line">
              <Table.Td>{line.lineNumber}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {line.description}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {line.sku}
                </Text>
              </Table.Td>
              <Table.Td ff="monospace">{line.hsnCode}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {line.quantity.toLocaleString('en-IN')} {line.unit === 'kg' ? 'kg' : ''}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {money(line.unitPricePaise)}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {money(line.taxablePaise)}
              </Table.Td>
              {intra ? (
                <>
                  <Table.Td ta="right" style={nowrap}>
                    {money(line.cgstPaise)}
                    <Text size="xs" c="dimmed">
                      {line.gstRate / 2} %
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {money(line.sgstPaise)}
                    <Text size="xs" c="dimmed">
                      {line.gstRate / 2} %
                    </Text>
                  </Table.Td>
                </>
              ) : (
                <Table.Td ta="right" style={nowrap}>
                  {money(line.igstPaise)}
                  <Text size="xs" c="dimmed">
                    {line.gstRate} %
                  </Text>
                </Table.Td>
              )}
              <Table.Td ta="right" fw={600} style={nowrap}>
                {money(line.totalPaise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A line as a small block, for a phone: the same figures as a table row. */
function LineCard({ line, bill }: { line: BillLine; bill: Bill }) {
  const money = (paise: number) => formatMoney(paise, bill.currency);
  const intra = bill.supplyType === 'intra_state';
  return (
    <div
      data-testid="bill-line"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)', paddingTop: 8 }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {line.lineNumber}. {line.description}
          </Text>
          <Text size="xs" c="dimmed">
            {line.sku} · HSN {line.hsnCode}
          </Text>
        </div>
        <Text size="sm" fw={700} style={nowrap}>
          {money(line.totalPaise)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        {line.quantity.toLocaleString('en-IN')} × {money(line.unitPricePaise)} = {money(line.taxablePaise)} ·{' '}
        {intra
          ? `CGST ${money(line.cgstPaise)} + SGST ${money(line.sgstPaise)} (${line.gstRate} %)`
          : `IGST ${money(line.igstPaise)} (${line.gstRate} %)`}
      </Text>
    </div>
  );
}

function RateTotals({ bill, narrow }: { bill: Bill; narrow: boolean }) {
  const intra = bill.supplyType === 'intra_state';
  const money = (paise: number) => formatMoney(paise, bill.currency);
  if (narrow) {
    // A phone: one short block per rate instead of a table that would scroll sideways.
    return (
      <Stack gap={6} data-testid="bill-rate-totals">
        <Text size="sm" fw={600} c="dark.7">
          Tax by rate
        </Text>
        {bill.rateTotals.map((row) => (
          <div key={row.gstRate}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" fw={600}>
                {row.gstRate} % on {money(row.taxablePaise)}
              </Text>
              <Text size="sm" style={nowrap}>
                {money(row.taxPaise)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {intra
                ? `CGST ${money(row.cgstPaise)} + SGST ${money(row.sgstPaise)}`
                : `IGST ${money(row.igstPaise)}`}
            </Text>
          </div>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6} horizontalSpacing="sm" data-testid="bill-rate-totals">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text size="sm" fw={600} c="dark.7">
            Tax by rate
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>GST rate</Table.Th>
            <Table.Th ta="right">Taxable</Table.Th>
            {intra ? (
              <>
                <Table.Th ta="right">CGST</Table.Th>
                <Table.Th ta="right">SGST</Table.Th>
              </>
            ) : (
              <Table.Th ta="right">IGST</Table.Th>
            )}
            <Table.Th ta="right">Tax</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bill.rateTotals.map((row) => (
            <Table.Tr key={row.gstRate}>
              <Table.Td>{row.gstRate} %</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {money(row.taxablePaise)}
              </Table.Td>
              {intra ? (
                <>
                  <Table.Td ta="right" style={nowrap}>
                    {money(row.cgstPaise)}
                  </Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {money(row.sgstPaise)}
                  </Table.Td>
                </>
              ) : (
                <Table.Td ta="right" style={nowrap}>
                  {money(row.igstPaise)}
                </Table.Td>
              )}
              <Table.Td ta="right" style={nowrap}>
                {money(row.taxPaise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SummaryRow({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId} style={nowrap}>
        {value}
      </Text>
    </Group>
  );
}

function Summary({ bill }: { bill: Bill }) {
  const money = (paise: number) => formatMoney(paise, bill.currency);
  const intra = bill.supplyType === 'intra_state';
  const roundOff = bill.roundOffPaise;
  return (
    <Stack gap={6} data-testid="bill-summary">
      <SummaryRow label="Taxable value" value={money(bill.taxablePaise)} testId="bill-taxable" />
      {intra ? (
        <>
          <SummaryRow label="CGST" value={money(bill.cgstPaise)} testId="bill-cgst" />
          <SummaryRow label="SGST" value={money(bill.sgstPaise)} testId="bill-sgst" />
        </>
      ) : (
        <SummaryRow label="IGST" value={money(bill.igstPaise)} testId="bill-igst" />
      )}
      <SummaryRow
        label="Round-off"
        value={`${roundOff > 0 ? '+' : roundOff < 0 ? '−' : ''}${money(Math.abs(roundOff))}`}
        testId="bill-round-off"
      />
      <Divider />
      <SummaryRow label="Total" value={money(bill.totalPaise)} testId="bill-total" strong />
    </Stack>
  );
}

function BillDocument({ bill, narrow }: { bill: Bill; narrow: boolean }) {
  const kindLabel = BILL_KIND_LABELS[bill.kind];
  return (
    <Paper
      withBorder
      bg="white"
      p={{ base: 'sm', sm: 'lg' }}
      component="article"
      aria-label={`${kindLabel} ${bill.billNumber}`}
      data-testid="bill-document"
      style={bill.status === 'cancelled' ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap" mb="md">
        <SellerBlock seller={bill.seller} />
        <Stack
          gap={4}
          align={narrow ? 'flex-start' : 'flex-end'}
          style={{ textAlign: narrow ? 'left' : 'right' }}
        >
          <Text tt="uppercase" fw={700} lts={1} c="dark.6" size="sm">
            {kindLabel}
          </Text>
          <Text ff="monospace" fw={700} fz={20} data-testid="bill-document-number">
            {bill.billNumber}
          </Text>
          <Text size="sm">Dated {formatDay(bill.issuedOn)}</Text>
          <Text size="xs" c="dimmed">
            Financial year 20{bill.financialYear}
          </Text>
        </Stack>
      </Group>
      <Divider mb="md" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mb="md">
        <AddressBlock label="Bill to" address={bill.buyer} testId="bill-buyer" withGstin />
        <AddressBlock label="Ship to" address={bill.shipTo} testId="bill-ship-to" />
        <Stack gap="sm">
          <Fact label="Place of supply" testId="bill-place-of-supply">
            {bill.placeOfSupply}
            {bill.shipTo.stateCode ? ` (${bill.shipTo.stateCode})` : ''}
          </Fact>
          <Fact label="Tax">
            {bill.supplyType === 'intra_state' ? 'Within the state: CGST + SGST' : 'Another state: IGST'}
          </Fact>
          <Fact label="Order">
            <Anchor component={Link} to={shopOrderPath(bill.orderId)} size="sm" data-testid="bill-order-link">
              {bill.orderNumber}
            </Anchor>
          </Fact>
        </Stack>
      </SimpleGrid>

      {narrow ? (
        <Stack gap={8} mb="md" data-testid="bill-lines">
          {bill.lines.map((line) => (
            <LineCard key={line.lineNumber} line={line} bill={bill} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder mb="md" style={{ overflow: 'hidden' }}>
          <LinesTable bill={bill} />
        </Paper>
      )}

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RateTotals bill={bill} narrow={narrow} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Summary bill={bill} />
        </Grid.Col>
      </Grid>
      <Paper bg="gray.0" p="sm" mt="md" radius="sm">
        <Label>Amount in words</Label>
        <Text size="sm" fw={600} mt={2} data-testid="bill-amount-in-words">
          {bill.amountInWords}
        </Text>
      </Paper>
    </Paper>
  );
}

/**
 * Screen /dashboard/shop/bills/:id: the tax invoice (or credit note) as it was issued, readable on
 * screen, with its PDF, cancelling with a reason, and a new bill for a shipment whose bill was
 * cancelled.
 */
export function BillPage({ billId }: { billId: number }) {
  const query = useBill(billId);
  const download = useDownloadBillPdf();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [cancelling, setCancelling] = useState(false);
  const bill = query.data?.bill;

  if (query.isError && isApiError(query.error) && query.error.status === 404) return <BillNotFound />;

  if (!bill) {
    return (
      <>
        <BackLink />
        {query.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title="The bill could not be loaded"
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
          <Stack gap="md" aria-busy="true" data-testid="bill-loading">
            <Skeleton height={36} width="40%" />
            <Skeleton height={420} />
          </Stack>
        )}
      </>
    );
  }

  const kindLabel = BILL_KIND_LABELS[bill.kind];
  const cancelled = bill.status === 'cancelled';

  const downloadPdf = async () => {
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

  return (
    <>
      <BackLink />
      <PageHeader
        title={`${kindLabel} ${bill.billNumber}`}
        description={
          <Group gap="xs" component="span" wrap="wrap">
            <BillKindBadge kind={bill.kind} />
            <BillStatusBadge status={bill.status} />
            <span>
              Issued {formatDay(bill.issuedOn)} to {bill.client.company ?? bill.client.name} for order{' '}
              <Anchor component={Link} to={shopOrderPath(bill.orderId)} inherit underline="always">
                {bill.orderNumber}
              </Anchor>
            </span>
          </Group>
        }
        actions={
          <Group gap="sm">
            <Button
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              onClick={() => void downloadPdf()}
              loading={download.isPending}
              data-testid="bill-download-pdf"
            >
              Download PDF
            </Button>
            {cancelled ? null : (
              <Button
                variant="default"
                color="red"
                leftSection={<IconBan size={18} aria-hidden="true" />}
                onClick={() => setCancelling(true)}
                data-testid="bill-cancel"
              >
                Cancel {bill.kind === 'invoice' ? 'bill' : 'credit note'}
              </Button>
            )}
          </Group>
        }
      />

      <Stack gap="md">
        {cancelled ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconBan size={20} aria-hidden="true" />}
            title={`CANCELLED${bill.cancelledAt ? ` on ${formatDateTime(bill.cancelledAt)}` : ''}`}
            // The light red's own title colour is too pale on its tint for AA contrast.
            styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
            data-testid="bill-cancelled-banner"
          >
            <Stack gap={6}>
              <Text size="sm">
                Reason: <strong>{bill.cancelReason ?? 'not given'}</strong>
              </Text>
              <Text size="sm">
                The number {bill.billNumber} stays with this {kindLabel.toLowerCase()} and is never given to
                another bill.
              </Text>
              {bill.kind === 'invoice' ? <ReissueBill bill={bill} /> : null}
            </Stack>
          </Alert>
        ) : null}

        {bill.creditNoteFor ? (
          <Alert
            color="grape"
            variant="light"
            icon={<IconReceiptRefund size={20} aria-hidden="true" />}
            data-testid="bill-credit-note-for"
          >
            <Text size="sm">
              This credit note answers a return against bill{' '}
              <Anchor
                component={Link}
                to={shopBillPath(bill.creditNoteFor.id)}
                fw={600}
                inherit
                underline="always"
              >
                {bill.creditNoteFor.billNumber}
              </Anchor>
              .
            </Text>
          </Alert>
        ) : null}

        <BillDocument bill={bill} narrow={narrow} />
      </Stack>

      <CancelBillModal bill={bill} opened={cancelling} onClose={() => setCancelling(false)} />
    </>
  );
}
