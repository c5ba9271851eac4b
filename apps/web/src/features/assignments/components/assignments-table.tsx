import type { Assignment } from '@inspecta/contract';
import { Badge, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import cardClasses from '@/components/list-screen/card-table.module.css';
import { SelectAllHeader, SelectRowCell } from '@/components/list-screen/row-selection';
import { useCardLabels } from '@/components/list-screen/use-card-labels';
import type { RowSelection } from '@/components/list-screen/use-row-selection';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { formatDay } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { describeDueOn, priorityLabels, priorityStyles, statusLabels } from '../lib/format';

interface AssignmentsTableProps {
  assignments: Assignment[];
  today: string;
  onEdit: (assignment: Assignment) => void;
  onCancel: (assignment: Assignment) => void;
  /** Rows can be selected for the bulk actions (a checkbox column). */
  selection?: RowSelection | undefined;
}

const nameOf = (a: Assignment) => `${a.site.name} (${a.inspector.name})`;

const statusColours = {
  assigned: 'blue',
  in_progress: 'violet',
  completed: 'green',
  cancelled: 'gray',
} as const;

/** Assignments with their site, inspector, template, dates and state; open ones can be edited or cancelled. */
export function AssignmentsTable({ assignments, today, onEdit, onCancel, selection }: AssignmentsTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  useCardLabels(ref);
  return (
    // On a phone the rows are cards with the actions menu in the corner (card-table.module.css).
    <Table.ScrollContainer
      minWidth={640}
      className={`${cardClasses.cards} ${cardClasses.withActions} ${selection ? cardClasses.selectable : ''}`}
    >
      <Table
        ref={ref}
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        data-testid="assignments-table"
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {selection ? (
              <SelectAllHeader
                selection={selection}
                rows={assignments.map((a) => ({ id: a.id, name: nameOf(a) }))}
              />
            ) : null}
            <Table.Th>Site</Table.Th>
            <Table.Th>Inspector</Table.Th>
            <Table.Th visibleFrom="md">Template</Table.Th>
            <Table.Th w={190}>Due</Table.Th>
            <Table.Th w={110} visibleFrom="md">
              Priority
            </Table.Th>
            <Table.Th w={150}>Status</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assignments.map((a) => {
            const open = a.status === 'assigned' || a.status === 'in_progress';
            return (
              <Table.Tr
                key={a.id}
                data-testid="assignment-row"
                data-status={a.status}
                data-overdue={a.overdue}
              >
                {selection ? <SelectRowCell selection={selection} id={a.id} name={nameOf(a)} /> : null}
                <Table.Td>
                  <Text size="sm" fw={500} lineClamp={1}>
                    {a.site.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {a.site.siteCode}
                    {a.site.city ? ` · ${a.site.city}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{a.inspector.name}</Text>
                  <Text size="xs" c="dimmed">
                    {a.equipment.length === 0 ? 'Site-level' : plural(a.equipment.length, 'unit')}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" lineClamp={1}>
                    {a.template.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {a.category.name} · version {a.template.version}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {formatDay(a.dueOn)}
                  </Text>
                  <Text size="xs" fw={600} c={priorityStyles[a.priority].c} hiddenFrom="md">
                    {priorityLabels[a.priority]} priority
                  </Text>
                  {open ? (
                    <Text size="xs" c={a.overdue ? 'red.8' : 'dimmed'} fw={a.overdue ? 600 : 400}>
                      {describeDueOn(a.dueOn, today)}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      From {formatDay(a.scheduledFor)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Badge
                    variant="light"
                    radius="sm"
                    bg={priorityStyles[a.priority].bg}
                    c={priorityStyles[a.priority].c}
                    data-testid="priority-badge"
                  >
                    {priorityLabels[a.priority]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Badge variant="dot" color={statusColours[a.status]} style={{ minWidth: 'max-content' }}>
                      {statusLabels[a.status]}
                    </Badge>
                    {a.overdue ? (
                      <Badge color="red" variant="filled" size="sm">
                        Overdue
                      </Badge>
                    ) : null}
                    {a.status === 'cancelled' && a.cancelReason ? (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {a.cancelReason}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {open ? (
                    <RowActionsMenu
                      label={`Actions for ${a.site.name} (${a.inspector.name})`}
                      testId="assignment-actions"
                    >
                      <Menu.Item
                        leftSection={<IconPencil size={16} aria-hidden="true" />}
                        onClick={() => onEdit(a)}
                      >
                        Edit
                      </Menu.Item>
                      <Menu.Item
                        color="red"
                        leftSection={<IconX size={16} aria-hidden="true" />}
                        onClick={() => onCancel(a)}
                      >
                        Cancel assignment
                      </Menu.Item>
                    </RowActionsMenu>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
