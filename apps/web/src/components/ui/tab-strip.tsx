import { Box, ScrollArea } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import classes from './tab-strip.module.css';

/** Room left beside a tab brought into view, so the fade does not cover it. */
const EDGE_ROOM = 32;

interface TabStripProps {
  /** The chosen tab's value: when it changes, its tab (the element marked `data-active`) is scrolled into view. */
  active: string;
  children: ReactNode;
}

/**
 * A row of tabs (a SegmentedControl) that scrolls sideways when it is wider than the screen, as on a
 * phone. The scrollbar shows only while scrolling; a fade on an edge says more tabs lie beyond it,
 * and the chosen tab is brought into view, so a tab opened from an address is not hidden off screen.
 */
export function TabStrip({ active, children }: TabStripProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the chosen tab changes.
  useLayoutEffect(() => {
    const el = viewport.current;
    const tab = el?.querySelector<HTMLElement>('[data-active]');
    if (!el || !tab) return;
    const left = tab.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
    const right = left + tab.offsetWidth;
    if (left < el.scrollLeft + EDGE_ROOM) el.scrollLeft = Math.max(0, left - EDGE_ROOM);
    else if (right > el.scrollLeft + el.clientWidth - EDGE_ROOM)
      el.scrollLeft = right - el.clientWidth + EDGE_ROOM;
    measure();
  }, [active, measure]);

  return (
    <Box
      className={classes.strip}
      mb="md"
      data-more-start={more.start || undefined}
      data-more-end={more.end || undefined}
      data-testid="tab-strip"
    >
      <ScrollArea
        type="scroll"
        scrollbars="x"
        scrollbarSize={6}
        offsetScrollbars="present"
        viewportRef={viewport}
        onScrollPositionChange={measure}
      >
        {children}
      </ScrollArea>
    </Box>
  );
}
