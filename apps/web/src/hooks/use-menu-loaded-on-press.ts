import { type MouseEvent, type RefObject, startTransition, useLayoutEffect, useRef, useState } from 'react';

/**
 * How a menu whose code loads on the first press of its plain button opens (docs/performance.md,
 * items 8 and 14): `focus` says whether that button had the focus, which the loaded menu's button
 * then takes, so that closing the menu gives it back as if the menu had been there from the start.
 */
export interface OpenAtOnce {
  focus: boolean;
}

/**
 * The plain button's side: `press` is its click handler. The press is a transition, so the plain
 * button stays (with the focus) until the menu's code has arrived; `openAtOnce` is set from then on.
 */
export function useLoadMenuOnPress() {
  const [openAtOnce, setOpenAtOnce] = useState<OpenAtOnce | null>(null);
  const press = (event: MouseEvent<HTMLElement>) => {
    const focus = document.activeElement === event.currentTarget;
    startTransition(() => setOpenAtOnce((wanted) => wanted ?? { focus }));
  };
  return { openAtOnce, press };
}

/**
 * The loaded menu's side: its controlled `opened` state, opened one render after it mounts when it
 * was loaded by a press. Not through `defaultOpened`: Mantine's dropdown notes what had the focus
 * when `opened` changes, and gives it back when it closes (Escape returns to the button).
 */
export function useMenuOpenedAfterLoad(
  openAtOnce: OpenAtOnce | undefined,
  target: RefObject<HTMLElement | null>,
) {
  const [opened, setOpened] = useState(false);
  const openNow = useRef(openAtOnce);
  useLayoutEffect(() => {
    if (!openNow.current) return;
    if (openNow.current.focus) target.current?.focus({ preventScroll: true });
    openNow.current = undefined;
    setOpened(true);
  }, [target]);
  return [opened, setOpened] as const;
}
