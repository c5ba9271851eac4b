import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useInspectorUnit } from '../api/get-unit';
import classes from './inspector.module.css';
import { BackToAssignments, InspectorTopBar } from './inspector-top-bar';

/** The checklist of one unit: its assignment's form, opened on that unit. */
export function unitChecklistPath(assignmentId: number, unitId: number): string {
  return `${paths.inspectorAssignment.replace(':assignmentId', String(assignmentId))}?unit=${unitId}`;
}

/**
 * /inspector/units/:unitId, where a scanned asset label takes an inspector (docs/equipment.md
 * "Asset labels"): on to the checklist of their open assignment covering the unit, or a clear
 * message when they have none.
 */
export function UnitLabelScreen({ unitId }: { unitId: number }) {
  const query = useInspectorUnit(unitId);
  if (query.data) return <Navigate to={unitChecklistPath(query.data.assignmentId, unitId)} replace />;
  const none = isApiError(query.error) && query.error.status === 404;
  return (
    <div className={classes.page}>
      <InspectorTopBar start={<BackToAssignments />} title="Scanned unit" subtitle={`Unit code ${unitId}`} />
      <main className={classes.content}>
        {query.isError ? (
          <Alert
            color={none ? 'brand' : 'red'}
            variant="light"
            title={none ? 'No open inspection for this unit' : 'Could not open this unit'}
            data-testid="unit-label-error"
          >
            <Text size="sm" mb="md">
              {none
                ? 'None of your open assignments covers this unit. If it needs inspecting, ask the office to assign it to you.'
                : query.error.message}
            </Text>
            <Group>
              <Button
                component={Link}
                to={paths.inspectorScan}
                size="md"
                leftSection={<IconScan size={20} />}
              >
                Scan another label
              </Button>
              <Button component={Link} to={paths.inspector} size="md" variant="default">
                My assignments
              </Button>
            </Group>
          </Alert>
        ) : (
          <Stack gap="md" aria-busy="true" aria-label="Opening the unit">
            <Skeleton height={120} radius="md" />
            <Skeleton height={90} radius="md" />
          </Stack>
        )}
      </main>
    </div>
  );
}
