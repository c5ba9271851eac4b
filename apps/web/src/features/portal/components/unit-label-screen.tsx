import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { usePortalUnit } from '../api/get-unit';

/**
 * /portal/units/:unitId, where a scanned asset label takes a client (docs/equipment.md "Asset
 * labels"): on to the unit's site page, or "not found" for a unit not at the client's sites.
 */
export function UnitLabelScreen({ unitId }: { unitId: number }) {
  const query = usePortalUnit(unitId);
  if (query.data) {
    return <Navigate to={paths.portalSite.replace(':siteId', String(query.data.siteId))} replace />;
  }
  if (query.isError) {
    return (
      <Stack align="center" gap="md" ta="center" py="xl" data-testid="portal-unit-not-found">
        <Alert color="gray" variant="light" title="Unit not found" maw={480}>
          <Text size="sm">
            {isApiError(query.error) && query.error.status === 404
              ? 'This label is not for a unit at one of your sites.'
              : query.error.message}
          </Text>
        </Alert>
        <Button component={Link} to={paths.portal}>
          Back to the overview
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" py="xl" aria-busy="true">
      <Loader aria-label="Opening the unit" />
    </Stack>
  );
}
