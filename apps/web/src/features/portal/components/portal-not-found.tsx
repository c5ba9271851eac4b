import { Button } from '@mantine/core';
import { IconClipboardX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/** A site or inspection that is not this client's, or does not exist (the server answers 404 for both). */
export function PortalNotFound({ what }: { what: 'site' | 'inspection' }) {
  return (
    <EmptyState icon={IconClipboardX} data-testid="portal-not-found">
      This {what} does not exist, or it is not one of yours.
      <br />
      <Button size="sm" mt="sm" component={Link} to={paths.portal}>
        Back to the overview
      </Button>
    </EmptyState>
  );
}
