import { useEffect, useState } from 'react';

/**
 * For an overlay a page keeps closed until asked (the navigation drawer, the logout dialog): whether
 * to mount it, and the `opened` to give it. It mounts on the first opening and stays mounted after
 * (its closing transition plays, its state is kept), and it is given `opened` one commit after
 * mounting, so its opening transition plays the first time too.
 *
 * Why: a mounted Mantine Modal or Drawer, even closed, sets state in a layout effect on its first
 * commit (its id), and that synchronous re-render made React run every effect of the page's first
 * commit in the same task: one long task on every dashboard load (docs/performance.md).
 */
export function useOverlayMount(opened: boolean): { mounted: boolean; opened: boolean } {
  const [mounted, setMounted] = useState(opened);
  const [ready, setReady] = useState(opened);
  // During render, so the first opening mounts the overlay in the same commit as the press.
  if (opened && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) setReady(true);
  }, [mounted]);
  return { mounted, opened: opened && ready };
}
