import { type ReactNode, useEffect, useRef, useState } from 'react';
import { SkeletonBlock } from '@/components/ui/skeleton-block';

/**
 * Renders its children once their place comes near the viewport, a skeleton of the
 * same height until then. The home's charts below the fold then cost a phone nothing (their code is
 * neither loaded nor run) until the user scrolls towards them (docs/performance.md, Lighthouse).
 */
export function WhenVisible({
  height,
  testId,
  children,
}: {
  height: number;
  /** The test id of what it stands for, so a test can scroll to it before it is there. */
  testId: string;
  children: ReactNode;
}) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = placeholder.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      // Only once it is on screen: 200 px ahead of the scroll, a phone drew the first chart (one 0.45 s
      // task under Lighthouse's 4x CPU) while the page was still loading, below the fold.
      { rootMargin: '0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);

  if (seen) return children;
  return <SkeletonBlock ref={placeholder} height={height} radius="md" testId={testId} />;
}
