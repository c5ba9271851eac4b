// The embedded database opens with the buffer cache it is given (PGLITE_SHARED_BUFFERS: the server's
// memory, docs/performance.md), and with PGlite's own when none is given (tests, benchmarks).
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';

async function sharedBuffers(pgliteSharedBuffers?: string): Promise<string> {
  const database = await openDatabase({ pgliteSharedBuffers });
  try {
    const result = await database.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
    return result.rows[0]!.shared_buffers;
  } finally {
    await database.close();
  }
}

describe.runIf(process.env.TEST_DB !== 'postgres')('embedded database settings', () => {
  it('applies the shared_buffers it is given, keeping search and migrations working', async () => {
    expect(await sharedBuffers('16MB')).toBe('16MB');
  });

  it("keeps PGlite's default when none is given", async () => {
    expect(await sharedBuffers()).toBe('128MB');
  });
});
