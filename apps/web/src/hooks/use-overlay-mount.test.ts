import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOverlayMount } from './use-overlay-mount';

describe('useOverlayMount', () => {
  it('mounts nothing while never opened', () => {
    const { result, rerender } = renderHook(({ opened }) => useOverlayMount(opened), {
      initialProps: { opened: false },
    });
    rerender({ opened: false });
    expect(result.current).toEqual({ mounted: false, opened: false });
  });

  it('mounts closed on the first opening, opens after that commit, and stays mounted once closed', () => {
    const seen: { mounted: boolean; opened: boolean }[] = [];
    const { result, rerender } = renderHook(
      ({ opened }) => {
        const state = useOverlayMount(opened);
        seen.push(state);
        return state;
      },
      { initialProps: { opened: false } },
    );
    seen.length = 0;
    rerender({ opened: true });
    // The first committed render mounts it closed (so its opening transition has a start), the next opens it.
    expect(seen.find((s) => s.mounted)).toEqual({ mounted: true, opened: false });
    expect(result.current).toEqual({ mounted: true, opened: true });

    rerender({ opened: false });
    expect(result.current).toEqual({ mounted: true, opened: false });
    rerender({ opened: true });
    expect(result.current).toEqual({ mounted: true, opened: true });
  });

  it('is mounted and open at once when it starts open', () => {
    const { result } = renderHook(() => useOverlayMount(true));
    expect(result.current).toEqual({ mounted: true, opened: true });
  });
});
