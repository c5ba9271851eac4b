import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOutDevice } from './sign-out';

const fetchMock = vi.fn<typeof fetch>();

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('signOutDevice', () => {
  it('sends the revocation with the token before leaving, and finishes only once it is answered', async () => {
    vi.stubGlobal('fetch', fetchMock);
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const leave = vi.fn(() => {
      // By the time the screen is left the revocation is already on its way.
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    let finished = false;
    const signingOut = signOutDevice('tok-1', leave).then(() => (finished = true));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    // Every pending callback runs before the next macrotask: still unfinished there means it waits.
    await new Promise((settle) => setTimeout(settle, 0));
    expect(finished).toBe(false);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/logout$/);
    expect(new Headers(init?.headers).get('Authorization')).toBe('tok-1');
    answer(new Response(JSON.stringify({ message: 'Logged out' }), { status: 200 }));
    await signingOut;
    expect(finished).toBe(true);
  });

  it('still leaves when the revocation fails', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const leave = vi.fn();
    await expect(signOutDevice('tok-1', leave)).resolves.toBeUndefined();
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without a token', async () => {
    vi.stubGlobal('fetch', fetchMock);
    const leave = vi.fn();
    await signOutDevice(null, leave);
    expect(leave).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
