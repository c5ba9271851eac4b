import { Anchor, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import cardClasses from '@/components/list-screen/card-table.module.css';
import { useCardLabels } from '@/components/list-screen/use-card-labels';
import { EmptyState } from '@/components/ui/empty-state';
import { ResultBadge } from '@/components/ui/result-badge';
import { inspectionPaths } from '@/config/paths';
import { plural } from '@/lib/plural';
import { formatDateTime } from '@/utils/format-relative-time';
import { useSiteCompletedInspections } from '../../api/get-site-completed-inspections';

/** The Inspection history tab: the latest completed inspections at the site. */
export function HistoryTab({ siteId }: { siteId: number }) {
  const query = useSiteCompletedInspections({ site_id: siteId, page: 1, limit: 20 });
  const navigate = useNavigate();
  const ref = useRef<HTMLTableElement>(null);
  useCardLabels(ref);
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={14} />
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" />
      </Stack>
    );
  }
  // SPEC.md 8: a failed list fetch shows an empty list.
  const rows = query.data?.data ?? [];
  if (rows.length === 0) {
    return (
      <EmptyState icon={IconHistory} data-testid="site-history-empty">
        No inspection has been completed at this site yet. Completed inspections appear here with their
        result, inspector and report.
        {query.isError ? (
          <>
            <br />
            <Anchor component="button" type="button" size="sm" onClick={() => query.refetch()}>
              Try again
            </Anchor>
          </>
        ) : null}
      </EmptyState>
    );
  }
  const total = query.data?.pagination.total ?? rows.length;
  return (
    <Stack gap="sm">
      {/* On a phone the rows are cards (card-table.module.css). */}
      <Table.ScrollContainer minWidth={560} className={cardClasses.cards}>
        <Table
          ref={ref}
          verticalSpacing="sm"
          highlightOnHover
          aria-label="Inspection history"
          data-testid="site-history"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Completed</Table.Th>
              <Table.Th>Equipment</Table.Th>
              <Table.Th>Inspector</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((inspection) => (
              <Table.Tr
                key={inspection.id}
                data-testid="site-history-row"
                style={{ cursor: 'pointer' }}
                // The whole row opens the inspection; the link in it is the keyboard's way there.
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('a')) return;
                  void navigate(inspectionPaths.detail(inspection.id));
                }}
              >
                <Table.Td>
                  <Anchor component={Link} to={inspectionPaths.detail(inspection.id)} size="sm" fw={600}>
                    {formatDateTime(inspection.completedAt)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {inspection.equipment
                    ? `${inspection.equipment.assetTag} · ${inspection.equipment.name}`
                    : 'Whole site or several units'}
                </Table.Td>
                <Table.Td>{inspection.inspector?.name ?? '—'}</Table.Td>
                <Table.Td>
                  <ResultBadge result={inspection.result} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {total > rows.length
            ? `The latest ${rows.length} of ${total} completed inspections.`
            : `${plural(total, 'completed inspection')}.`}
        </Text>
        <Anchor component={Link} to={`${inspectionPaths.history}&site=${siteId}`} size="sm">
          Filter and export in Inspection Management
        </Anchor>
      </Group>
    </Stack>
  );
}
