import { Anchor, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '@/components/ui/pager';
import { ResultBadge } from '@/components/ui/result-badge';
import { inspectionPaths } from '@/config/paths';
import { plural } from '@/lib/plural';
import { formatDateTime } from '@/utils/format-relative-time';
import { useUnitInspections } from '../api/get-unit-inspections';

const PAGE_SIZE = 10;

/** The unit's own completed inspections, newest first, a page at a time. */
export function UnitInspections({ unitId }: { unitId: number }) {
  const [page, setPage] = useState(1);
  const query = useUnitInspections({ equipment_id: unitId, page, limit: PAGE_SIZE });
  const rows = query.data?.data ?? [];
  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby="unit-inspections-title" data-testid="unit-inspections">
      <Group gap={6} mb="sm">
        <IconClipboardCheck size={18} aria-hidden="true" />
        <Title order={3} size="h4" id="unit-inspections-title">
          Inspection history
        </Title>
      </Group>
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {query.isError ? (
            <>
              The inspection history could not be loaded.{' '}
              <Anchor component="button" type="button" size="sm" onClick={() => query.refetch()}>
                Try again
              </Anchor>
            </>
          ) : (
            'No completed inspection has covered this unit yet.'
          )}
        </Text>
      ) : (
        <Stack gap="sm">
          <Table verticalSpacing="xs" aria-label="Inspection history of this unit">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Completed</Table.Th>
                <Table.Th>Inspector</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((inspection) => (
                <Table.Tr key={inspection.id} data-testid="unit-inspection-row">
                  <Table.Td>
                    <Anchor component={Link} to={inspectionPaths.detail(inspection.id)} size="sm" fw={600}>
                      {formatDateTime(inspection.completedAt)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{inspection.inspector?.name ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ResultBadge result={inspection.result} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              {plural(total, 'completed inspection')}
            </Text>
            {pages > 1 ? <Pager size="sm" total={pages} value={page} onChange={setPage} /> : null}
          </Group>
        </Stack>
      )}
    </section>
  );
}
