import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving the page asks first: in-app navigation through a confirmation dialog
 * (React Router's blocker), closing or reloading the tab through the browser's own prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let decided = false;
    modals.openConfirmModal({
      modalId: 'unsaved-changes',
      title: 'Leave without saving?',
      centered: true,
      children: (
        <Text size="sm">
          You have changes to this checklist that are not saved. If you leave now, they are lost.
        </Text>
      ),
      labels: { confirm: 'Leave without saving', cancel: 'Stay on this page' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        blocker.reset();
      },
      // Closed with Escape or the close button: stay.
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
