import type { CSSProperties, Ref } from 'react';
import classes from './skeleton-block.module.css';

type Size = number | string;
const css = (size: Size) => (typeof size === 'number' ? `${size}px` : size);

/**
 * A loading placeholder of a given size: Mantine's Skeleton look in one plain element. Used where a
 * first screen shows many placeholders at once (the dashboard home): each Mantine Skeleton is three
 * layout objects (the block and two pseudo-elements) on a compositing layer of its own, and removing
 * 70 of them when the answer arrived was the longest task of the home's load (docs/performance.md).
 */
export function SkeletonBlock({
  height,
  width,
  radius,
  style,
  ref,
  testId,
}: {
  height: Size;
  width?: Size;
  /** A Mantine radius name ('sm', 'md'...); the theme's default radius otherwise. */
  radius?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  style?: CSSProperties;
  ref?: Ref<HTMLDivElement>;
  testId?: string;
}) {
  const vars = {
    '--skeleton-block-height': css(height),
    ...(width === undefined ? {} : { '--skeleton-block-width': css(width) }),
    ...(radius === undefined ? {} : { '--skeleton-block-radius': `var(--mantine-radius-${radius})` }),
    ...style,
  } as CSSProperties;
  return <div ref={ref} className={classes.block} style={vars} data-testid={testId} aria-hidden="true" />;
}
