import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useComposingSearchParams } from './use-composing-search-params';

type Write = ReturnType<typeof useComposingSearchParams>[1];

function Probe({ writes }: { writes: Write[] }) {
  const [params, write] = useComposingSearchParams();
  writes.push(write);
  return <output>{params.toString()}</output>;
}

function mount(url: string) {
  const writes: Write[] = [];
  const router = createMemoryRouter([{ path: '/', element: <Probe writes={writes} /> }], {
    initialEntries: [url],
  });
  const view = render(<RouterProvider router={router} />);
  return { router, writes, view };
}

const set = (key: string, value: string | null) => (current: URLSearchParams) => {
  if (value === null) current.delete(key);
  else current.set(key, value);
  return current;
};

describe('useComposingSearchParams', () => {
  it('builds a second write on the first even when made from a render that has not caught up', async () => {
    const { router, writes } = mount('/?search=admin');
    const staleWrite = writes[0] as Write;
    // The debounced search clears the box, then a tab is clicked before the router re-renders.
    await act(async () => {
      staleWrite(set('search', null));
      staleWrite(set('type', 'inspector'));
    });
    expect(router.state.location.search).toBe('?type=inspector');
  });

  it('takes the URL again when it changes from outside (a link, back or forward)', async () => {
    const { router, writes } = mount('/?type=client');
    await act(async () => {
      (writes[0] as Write)(set('search', 'acme'));
    });
    expect(router.state.location.search).toBe('?type=client&search=acme');
    await act(async () => {
      await router.navigate('/?type=admin');
    });
    await act(async () => {
      (writes.at(-1) as Write)(set('page', '2'));
    });
    expect(router.state.location.search).toBe('?type=admin&page=2');
  });
});
