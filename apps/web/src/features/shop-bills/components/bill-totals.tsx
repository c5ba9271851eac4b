import { type BillTotals, LIST_COUNT_CAP } from '@inspecta/contract';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatMoney } from '@/features/shop-catalogue';
import { formatCount } from '@/utils/format-count';

const BILL_TOTALS_LIMIT = LIST_COUNT_CAP.toLocaleString('en-IN');

function Figure({
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
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz={strong ? 20 : 17} fw={700} lh={1.3} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The totals of every bill the filters match (not just this page): how many, and taxable value and
 * taxes with credit notes taken off and cancelled bills left out, as the server adds them up. Past
 * 10,000 matches the server does not add them up (`null`, docs/shop-bills.md): the panel says so.
 */
export function BillTotalsPanel({ totals }: { totals: BillTotals | undefined }) {
  return (
    <Paper
      withBorder
      bg="white"
      p="md"
      mb="md"
      component="section"
      aria-label="Totals of the filtered bills"
      data-testid="bill-totals"
    >
      {totals && totals.totalPaise === null ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
          <Figure
            label="Bills"
            value={formatCount(totals.count, totals.countIsCapped)}
            testId="bill-totals-count"
          />
          <Text
            size="sm"
            style={{ gridColumn: 'span 5', alignSelf: 'center' }}
            data-testid="bill-totals-unsummed"
          >
            Totals shown for up to {BILL_TOTALS_LIMIT} bills: narrow the filters to see the amounts.
          </Text>
        </SimpleGrid>
      ) : totals ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
          <Figure
            label="Bills"
            value={formatCount(totals.count, totals.countIsCapped)}
            testId="bill-totals-count"
          />
          <Figure
            label="Taxable value"
            value={formatMoney(totals.taxablePaise ?? 0)}
            testId="bill-totals-taxable"
          />
          <Figure label="CGST" value={formatMoney(totals.cgstPaise ?? 0)} testId="bill-totals-cgst" />
          <Figure label="SGST" value={formatMoney(totals.sgstPaise ?? 0)} testId="bill-totals-sgst" />
          <Figure label="IGST" value={formatMoney(totals.igstPaise ?? 0)} testId="bill-totals-igst" />
          <Figure
            label="Total"
            value={formatMoney(totals.totalPaise ?? 0)}
            testId="bill-totals-total"
            strong
          />
        </SimpleGrid>
      ) : (
        <Skeleton height={44} />
      )}
      <Text size="xs" c="dimmed" mt="xs">
        Credit notes are taken off; cancelled bills are left out.
      </Text>
    </Paper>
  );
}
