import type { Equipment } from '@inspecta/contract';
import { Group, Stack, Table, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef } from 'react';
import cardClasses from '@/components/list-screen/card-table.module.css';
import { SelectAllHeader, SelectRowCell } from '@/components/list-screen/row-selection';
import { useCardLabels } from '@/components/list-screen/use-card-labels';
import type { RowSelection } from '@/components/list-screen/use-row-selection';
import { formatDay } from '@/lib/dates';
import { describeDue, statusLabel } from '../lib/format';
import { DueBadge, EquipmentStatusBadge } from './badges';
import classes from './equipment-table.module.css';

interface EquipmentTableProps {
  units: Equipment[];
  today: string;
  onOpen: (unit: Equipment) => void;
  /** On a site's own page the site column says nothing new. */
  hideSite?: boolean;
  /** Rows can be selected for the bulk actions (a checkbox column). */
  selection?: RowSelection | undefined;
}

/** Installed units with their due status; the asset tag opens the details drawer. */
export function EquipmentTable({ units, today, onOpen, hideSite = false, selection }: EquipmentTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  useCardLabels(ref);
  return (
    // On a phone the rows are cards (card-table.module.css).
    <Table.ScrollContainer
      minWidth={hideSite ? 600 : 720}
      className={`${cardClasses.cards} ${selection ? cardClasses.selectable : ''}`}
    >
      <Table
        ref={ref}
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        data-testid="equipment-table"
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {selection ? (
              <SelectAllHeader
                selection={selection}
                rows={units.map((u) => ({ id: u.id, name: u.assetTag }))}
              />
            ) : null}
            <Table.Th w={175}>Asset tag</Table.Th>
            <Table.Th>Equipment</Table.Th>
            {hideSite ? null : <Table.Th>Site</Table.Th>}
            <Table.Th w={200}>Next inspection</Table.Th>
            <Table.Th w={130} visibleFrom="md">
              Status
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {units.map((unit) => (
            <Table.Tr
              key={unit.id}
              className={classes.row}
              onClick={() => onOpen(unit)}
              data-testid="equipment-row"
              data-due={unit.dueStatus ?? 'none'}
            >
              {selection ? <SelectRowCell selection={selection} id={unit.id} name={unit.assetTag} /> : null}
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <UnstyledButton
                    className={classes.tag}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(unit);
                    }}
                    aria-label={`Details of ${unit.assetTag}`}
                  >
                    {unit.assetTag}
                  </UnstyledButton>
                  {unit.isCritical ? (
                    <Tooltip label="Critical equipment">
                      <ThemeIcon
                        size="sm"
                        variant="light"
                        color="red"
                        radius="xl"
                        role="img"
                        aria-label="Critical"
                      >
                        <IconAlertTriangle size={12} aria-hidden="true" />
                      </ThemeIcon>
                    </Tooltip>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {unit.serialNumber ? `S/N ${unit.serialNumber}` : 'No serial number'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={1}>
                  {unit.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {unit.equipmentType.name}
                  {unit.location ? ` · ${unit.location}` : ''}
                </Text>
                {/* Below 992 px the status column is hidden; a unit that is not in service says so here. */}
                {unit.status === 'in_service' ? null : (
                  <Text size="xs" fw={600} c="#8a3c00" hiddenFrom="md">
                    {statusLabel(unit.status)}
                  </Text>
                )}
              </Table.Td>
              {hideSite ? null : (
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {unit.site.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {unit.site.siteCode}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <DueBadge due={unit.dueStatus} />
                  {unit.nextDueOn ? (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      <Text span size="xs" c="dark.7" fw={500}>
                        {formatDay(unit.nextDueOn)}
                      </Text>
                      {` · ${describeDue(unit.nextDueOn, today)}`}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <EquipmentStatusBadge status={unit.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
