import type { BillTotals } from '@inspecta/contract';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatMoney } from '@/features/shop-catalogue';
import { formatCount } from '@/utils/format-count';

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
 * taxes with credit notes taken off and cancelled bills left out, as the server adds them up.
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
      {totals ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
          <Figure
            label="Bills"
            value={formatCount(totals.count, totals.countIsCapped)}
            testId="bill-totals-count"
          />
          <Figure
            label="Taxable value"
            value={formatMoney(totals.taxablePaise)}
            testId="bill-totals-taxable"
          />
          <Figure label="CGST" value={formatMoney(totals.cgstPaise)} testId="bill-totals-cgst" />
          <Figure label="SGST" value={formatMoney(totals.sgstPaise)} testId="bill-totals-sgst" />
          <Figure label="IGST" value={formatMoney(totals.igstPaise)} testId="bill-totals-igst" />
          <Figure label="Total" value={formatMoney(totals.totalPaise)} testId="bill-totals-total" strong />
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
