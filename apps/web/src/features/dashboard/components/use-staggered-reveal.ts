import { useEffect, useState } from 'react';

/**
 * Whether a section's data may be shown: once `ready`, after `order` painted frames. The home's data
 * arrives in one answer, and TanStack Query hands it to React as a synchronous update: rendering and
 * committing every list at once was one 0.75 s task on a phone (Lighthouse, 4x CPU). Each list
 * waiting its turn, with its own state so only it renders again, makes short tasks with paints
 * between them: the figures show first and a tap is not kept waiting (docs/performance.md).
 */
export function useStaggeredReveal(order: number, ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return;
    let frame = 0;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let left = order;
    // requestAnimationFrame runs before a paint, the timeout after it: one step per painted frame.
    const step = () => {
      frame = requestAnimationFrame(() => {
        timeout = setTimeout(() => {
          left -= 1;
          if (left <= 0) setShown(true);
          else step();
        }, 0);
      });
    };
    step();
    return () => {
      cancelAnimationFrame(frame);
      if (timeout !== undefined) clearTimeout(timeout);
    };
  }, [ready, shown, order]);
  return ready && shown;
}
