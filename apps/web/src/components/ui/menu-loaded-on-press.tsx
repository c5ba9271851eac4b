import { cloneElement, type ReactElement, type ReactNode, Suspense } from 'react';
import { type OpenAtOnce, useLoadMenuOnPress } from '@/hooks/use-menu-loaded-on-press';

interface PlainButtonProps {
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: ReturnType<typeof useLoadMenuOnPress>['press'];
}

interface MenuLoadedOnPressProps {
  /** The menu's button as it looks before the menu's code has loaded (the menu shows the same one). */
  button: ReactElement<PlainButtonProps>;
  /** Starts loading the menu's code; called when the pointer or the focus reaches the button. */
  preload: () => void;
  /** The lazily loaded menu, told to open at once (and whether to take the focus). */
  children: (openAtOnce: OpenAtOnce) => ReactNode;
}

/**
 * A menu that is a plain button until it is first pressed (docs/performance.md, items 8 and 14): the
 * menu's code (Mantine's popover and its positioning) loads on that press, or as soon as the pointer
 * or the focus reaches the button, and then the menu opens. The button stays as it is while the code
 * arrives (a transition), so it keeps the focus until the menu opens.
 */
export function MenuLoadedOnPress({ button, preload, children }: MenuLoadedOnPressProps) {
  const { openAtOnce, press } = useLoadMenuOnPress();
  const plain = cloneElement(button, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: press,
  });
  return <Suspense fallback={plain}>{openAtOnce ? children(openAtOnce) : plain}</Suspense>;
}
