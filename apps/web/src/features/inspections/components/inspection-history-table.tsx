import type { InspectionSummary } from '@inspecta/contract';
import { Anchor, ColorSwatch, Group, Table, Text } from '@mantine/core';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import cardClasses from '@/components/list-screen/card-table.module.css';
import { useCardLabels } from '@/components/list-screen/use-card-labels';
import { inspectionPaths } from '@/config/paths';
import { formatDate, formatTime, unitsLabel } from '../lib/format';
import { ResultCell } from './result-cell';

/** Completed inspections: when, where, who, with what checklist, and how it came out. */
export function InspectionHistoryTable({ inspections }: { inspections: InspectionSummary[] }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLTableElement>(null);
  useCardLabels(ref);
  return (
    // On a phone the rows are cards (card-table.module.css).
    <Table.ScrollContainer minWidth={600} className={cardClasses.cards}>
      <Table
        ref={ref}
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        data-testid="inspections-table"
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={150}>Completed</Table.Th>
            <Table.Th>Site</Table.Th>
            <Table.Th>Inspector</Table.Th>
            <Table.Th visibleFrom="md">Category</Table.Th>
            <Table.Th visibleFrom="lg">Template</Table.Th>
            <Table.Th w={130}>Result</Table.Th>
            <Table.Th w={90} visibleFrom="sm">
              Units
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inspections.map((inspection) => {
            const to = inspectionPaths.detail(inspection.id);
            return (
              <Table.Tr
                key={inspection.id}
                data-testid="inspection-row"
                data-result={inspection.result}
                style={{ cursor: 'pointer' }}
                // The whole row opens the inspection; the link in it is the keyboard's way there.
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('a')) return;
                  void navigate(to);
                }}
              >
                <Table.Td>
                  <Anchor component={Link} to={to} size="sm" fw={600} data-testid="inspection-link">
                    {formatDate(inspection.completedAt)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatTime(inspection.completedAt)} · #{inspection.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} lineClamp={1}>
                    {inspection.site.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {inspection.site.siteCode}
                    {inspection.site.city ? ` · ${inspection.site.city}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{inspection.inspector.name}</Text>
                  <Text size="xs" c="dimmed" hiddenFrom="md">
                    {inspection.category.name}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch
                      color={inspection.category.colour}
                      size={10}
                      withShadow={false}
                      aria-hidden
                    />
                    <Text size="sm">{inspection.category.name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="lg">
                  <Text size="sm" lineClamp={1}>
                    {inspection.template.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Version {inspection.template.version}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ResultCell result={inspection.result} failedItems={inspection.failedItems} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{unitsLabel(inspection.unitCount)}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
