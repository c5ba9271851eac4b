import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';

/** The dialog, its search and its result list load on the first Ctrl+K, not with the dashboard. */
const CommandPaletteDialog = lazy(() =>
  import('./command-palette').then((module) => ({ default: module.CommandPaletteDialog })),
);

/**
 * The keyboard command palette: Ctrl+K (Cmd+K on a Mac) anywhere under /dashboard opens it (and
 * closes it again). Its code loads on the first press (docs/performance.md).
 */
export function CommandPalette() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [asked, setAsked] = useState(false);
  // An empty ignore list: the shortcut works from inside text fields too.
  useHotkeys(
    [
      [
        'mod+K',
        () => {
          setAsked(true);
          toggle();
        },
      ],
    ],
    [],
  );
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <CommandPaletteDialog opened={opened} onClose={close} />
    </Suspense>
  );
}
