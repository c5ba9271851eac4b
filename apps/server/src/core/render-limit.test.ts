import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.js';
import { RenderLimit } from './render-limit.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const options = { concurrent: 2, queue: 2, maxWaitMs: 1000, retryAfter: 5, busyMessage: 'Busy now' };
const flush = () => new Promise((r) => setImmediate(r));

describe('RenderLimit', () => {
  afterEach(() => vi.useRealTimers());

  it('runs two at once, queues two in order, and refuses the fifth with a 503 and Retry-After', async () => {
    const limit = new RenderLimit(options);
    const gates = [deferred(), deferred()];
    const order: string[] = [];
    const first = limit.run(() => gates[0]!.promise.then(() => order.push('a')));
    const second = limit.run(() => gates[1]!.promise.then(() => order.push('b')));
    const third = limit.run(async () => order.push('c'));
    const fourth = limit.run(async () => order.push('d'));
    await flush();
    expect(limit.load).toEqual({ active: 2, waiting: 2 });

    const refused = await limit.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      statusCode: 503,
      retryAfter: 5,
      message: 'Busy now',
    });

    gates[1]!.resolve();
    await Promise.all([second, third, fourth]);
    expect(order).toEqual(['b', 'c', 'd']);
    expect(limit.load).toEqual({ active: 1, waiting: 0 });
    gates[0]!.resolve();
    await first;
    expect(limit.load).toEqual({ active: 0, waiting: 0 });
  });

  it('gives the turn back when the work fails', async () => {
    const limit = new RenderLimit({ ...options, concurrent: 1, queue: 0 });
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limit.load).toEqual({ active: 0, waiting: 0 });
    await expect(limit.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('refuses one that waited too long, and leaves the queue to the others', async () => {
    vi.useFakeTimers();
    const limit = new RenderLimit({ ...options, concurrent: 1, queue: 1 });
    const gate = deferred();
    const running = limit.run(() => gate.promise);
    const waiting = limit.run(async () => 'late').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await waiting).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(limit.load).toEqual({ active: 1, waiting: 0 });
    gate.resolve();
    await running;
    expect(limit.load).toEqual({ active: 0, waiting: 0 });
  });
});
