import { Anchor, Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { inspectionPaths } from '@/config/paths';
import type { InspectionItemContext } from '@/features/inspections';
import { CreateActionModal } from './create-action-modal';

/**
 * For the inspection detail page: under each answer, its corrective action's link, or "Create action"
 * (by hand, from any answer). Returns the render function and the one modal they share.
 */
export function useInspectionItemActions(): {
  renderItemAction: (context: InspectionItemContext) => ReactNode;
  modal: ReactNode;
} {
  const [creating, setCreating] = useState<InspectionItemContext | null>(null);
  const renderItemAction = useCallback(
    (context: InspectionItemContext) => (
      <Group gap="xs">
        {context.actionId ? (
          <Anchor
            component={Link}
            to={inspectionPaths.action(context.actionId)}
            size="sm"
            fw={600}
            data-testid="item-action-link"
          >
            Corrective action #{context.actionId}
          </Anchor>
        ) : null}
        <Button
          size="compact-xs"
          variant={context.outcome === 'fail' && !context.actionId ? 'light' : 'subtle'}
          color={context.outcome === 'fail' && !context.actionId ? 'red' : 'dark'}
          leftSection={<IconPlus size={12} aria-hidden="true" />}
          onClick={() => setCreating(context)}
          aria-label={`${context.actionId ? 'Another action' : 'Create action'} for ${context.itemLabel} (${context.unitName})`}
          data-testid="item-create-action"
        >
          {context.actionId ? 'Another action' : 'Create action'}
        </Button>
      </Group>
    ),
    [],
  );
  return {
    renderItemAction,
    modal: <CreateActionModal context={creating} onClose={() => setCreating(null)} />,
  };
}
