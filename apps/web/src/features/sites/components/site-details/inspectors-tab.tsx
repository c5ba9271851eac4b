import type { SiteDetails } from '@inspecta/contract';
import { Anchor, Table } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import cardClasses from '@/components/list-screen/card-table.module.css';
import { useCardLabels } from '@/components/list-screen/use-card-labels';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { ContactLine } from './detail-card';

/** The Assigned inspectors tab: who has open assignments at the site. */
export function InspectorsTab({ site }: { site: SiteDetails }) {
  const ref = useRef<HTMLTableElement>(null);
  useCardLabels(ref);
  if (site.assignedInspectors.length === 0) {
    return (
      <EmptyState icon={IconUserCheck} data-testid="site-inspectors-empty">
        No inspector is assigned to this site. Inspectors with open assignments here appear in this tab once
        work is assigned in{' '}
        <Anchor component={Link} to={paths.inspectionManagement} inherit>
          Inspection Management
        </Anchor>
        .
      </EmptyState>
    );
  }
  // On a phone the rows are cards (card-table.module.css).
  return (
    <Table.ScrollContainer minWidth={480} className={cardClasses.cards}>
      <Table ref={ref} verticalSpacing="sm" aria-label="Assigned inspectors" data-testid="site-inspectors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Inspector</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th ta="right">Open assignments</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {site.assignedInspectors.map((inspector) => (
            <Table.Tr key={inspector.id}>
              <Table.Td>{inspector.name}</Table.Td>
              <Table.Td>
                <ContactLine phone={inspector.phone} email={inspector.email} />
              </Table.Td>
              <Table.Td ta="right">{inspector.openAssignments}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
