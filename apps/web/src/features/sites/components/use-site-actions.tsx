import type { Site } from '@inspecta/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useDeleteSite } from '../api/delete-site';
import { useDiscardSite } from '../api/discard-site';
import { useSetSiteStatus } from '../api/set-site-status';

type Busy = null | 'deactivate' | 'reactivate' | 'delete' | 'discard';

function failure(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
  });
}

/** Deactivate, reactivate, delete and discard, each behind the confirmation it deserves. */
export function useSiteActions(site: Pick<Site, 'id' | 'name' | 'siteCode'>, equipmentCount: number) {
  const navigate = useNavigate();
  const setStatus = useSetSiteStatus();
  const deleteSite = useDeleteSite();
  const discardSite = useDiscardSite();
  const [busy, setBusy] = useState<Busy>(null);

  const changeStatus = async (status: 'active' | 'inactive') => {
    setBusy(status === 'active' ? 'reactivate' : 'deactivate');
    try {
      const result = await setStatus.mutateAsync({ id: site.id, status });
      notifications.show({ color: 'green', message: result.message });
    } catch (error) {
      failure(status === 'active' ? 'The site was not reactivated' : 'The site was not deactivated', error);
    } finally {
      setBusy(null);
    }
  };

  const deactivate = () =>
    modals.openConfirmModal({
      title: `Deactivate ${site.name}?`,
      children: (
        <Text size="sm">
          The site stays in the register with its equipment and inspection history, but no new inspections are
          planned there. You can reactivate it at any time.
        </Text>
      ),
      labels: { confirm: 'Deactivate', cancel: 'Keep active' },
      confirmProps: { color: 'orange' },
      onConfirm: () => void changeStatus('inactive'),
    });

  const reactivate = () => void changeStatus('active');

  const remove = () =>
    modals.openConfirmModal({
      title: `Delete ${site.name}?`,
      children: (
        <Text size="sm">
          {site.siteCode} will be deleted
          {equipmentCount
            ? ` together with the ${plural(equipmentCount, 'equipment unit')} registered there`
            : ''}
          . This cannot be undone. A site with completed inspections cannot be deleted: deactivate it instead.
        </Text>
      ),
      labels: { confirm: 'Delete site', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setBusy('delete');
        try {
          const result = await deleteSite.mutateAsync(site.id);
          notifications.show({ color: 'green', message: result.message });
          navigate(paths.siteManagement);
        } catch (error) {
          if (isApiError(error) && error.status === 409) {
            modals.openConfirmModal({
              title: 'This site cannot be deleted',
              children: <Text size="sm">{error.message}</Text>,
              labels: { confirm: 'Deactivate instead', cancel: 'Close' },
              confirmProps: { color: 'orange' },
              onConfirm: () => void changeStatus('inactive'),
            });
          } else {
            failure('The site was not deleted', error);
          }
        } finally {
          setBusy(null);
        }
      },
    });

  const discard = () =>
    modals.openConfirmModal({
      title: 'Discard this draft?',
      children: (
        <Text size="sm">
          The draft {site.siteCode} and everything entered in it will be deleted. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Discard draft', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setBusy('discard');
        try {
          const result = await discardSite.mutateAsync(site.id);
          notifications.show({ color: 'green', message: result.message });
          navigate(paths.siteManagement);
        } catch (error) {
          failure('The draft was not discarded', error);
        } finally {
          setBusy(null);
        }
      },
    });

  return { busy, deactivate, reactivate, remove, discard };
}
