import { MantineProvider, SegmentedControl } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabStrip } from './tab-strip';

function sizeViewport(viewport: HTMLElement, size: { client: number; scroll: number; left: number }) {
  Object.defineProperty(viewport, 'clientWidth', { configurable: true, value: size.client });
  Object.defineProperty(viewport, 'scrollWidth', { configurable: true, value: size.scroll });
  Object.defineProperty(viewport, 'scrollLeft', { configurable: true, writable: true, value: size.left });
}

describe('TabStrip', () => {
  it('fades the edge that has more tabs beyond it, and neither when the tabs fit', () => {
    render(
      <MantineProvider>
        <TabStrip active="a">
          <SegmentedControl value="a" data={['a', 'b', 'c']} />
        </TabStrip>
      </MantineProvider>,
    );
    const strip = screen.getByTestId('tab-strip');
    const viewport = strip.querySelector<HTMLElement>('.mantine-ScrollArea-viewport')!;
    expect(strip.hasAttribute('data-more-start')).toBe(false);
    expect(strip.hasAttribute('data-more-end')).toBe(false);

    // Wider than the screen, scrolled to the start: more lies to the right only.
    sizeViewport(viewport, { client: 100, scroll: 300, left: 0 });
    act(() => window.dispatchEvent(new Event('resize')));
    expect(strip.hasAttribute('data-more-end')).toBe(true);
    expect(strip.hasAttribute('data-more-start')).toBe(false);

    // Scrolled to the end: more lies to the left only.
    sizeViewport(viewport, { client: 100, scroll: 300, left: 200 });
    fireEvent.scroll(viewport);
    expect(strip.hasAttribute('data-more-start')).toBe(true);
    expect(strip.hasAttribute('data-more-end')).toBe(false);

    // In the middle: both.
    sizeViewport(viewport, { client: 100, scroll: 300, left: 100 });
    fireEvent.scroll(viewport);
    expect(strip.hasAttribute('data-more-start')).toBe(true);
    expect(strip.hasAttribute('data-more-end')).toBe(true);
  });
});
