import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStaggeredReveal } from './use-staggered-reveal';

/** One painted frame: the animation frame, then the timeout queued after it. */
async function paintFrame() {
  await act(async () => {
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
  });
}

describe('useStaggeredReveal', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing before the data, then each section after its number of painted frames', async () => {
    const { result, rerender } = renderHook(
      ({ ready }) => [1, 3].map((order) => useStaggeredReveal(order, ready)),
      {
        initialProps: { ready: false },
      },
    );
    await paintFrame();
    await paintFrame();
    expect(result.current).toEqual([false, false]);

    rerender({ ready: true });
    expect(result.current).toEqual([false, false]);
    await paintFrame();
    expect(result.current).toEqual([true, false]);
    await paintFrame();
    expect(result.current).toEqual([true, false]);
    await paintFrame();
    expect(result.current).toEqual([true, true]);
  });

  it('hides the rows again when the data goes away', async () => {
    const { result, rerender } = renderHook(({ ready }) => useStaggeredReveal(1, ready), {
      initialProps: { ready: true },
    });
    await paintFrame();
    expect(result.current).toBe(true);
    rerender({ ready: false });
    expect(result.current).toBe(false);
  });
});
