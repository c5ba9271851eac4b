import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEXT_PARSED_TYPES, withTextParsers } from '../src/db/pglite-text-parsers.js';

const values = sql`select timestamptz '2024-01-02 03:04:05+00' as at, date '2024-01-02' as day,
  interval '1 day 2 hours' as span, array[timestamptz '2024-01-02 03:04:05+00'] as ats,
  array[1.5::numeric, 2] as amounts, array[date '2024-01-02'] as days, 7 as n`;

// The embedded database's client as Drizzle is given it (db/pglite-text-parsers.ts); on PostgreSQL
// there is nothing of it to test.
describe.runIf(process.env.TEST_DB !== 'postgres')("Drizzle's PGlite parsers", () => {
  it('are the types installed once, each giving back the text it was given', async () => {
    const seen: QueryOptions[] = [];
    const recording = {
      query: async (_text: string, _params: unknown[], options: QueryOptions) => {
        seen.push(options);
        return { rows: [], fields: [], affectedRows: 0 };
      },
    };
    const db = drizzle({ client: recording as unknown as PGlite });
    await db.execute(sql`select 1`);
    const table = pgTable('t', { id: integer('id') });
    await db.select({ id: table.id }).from(table);
    expect(seen).toHaveLength(2);
    for (const options of seen) {
      const parsers = options.parsers ?? {};
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...TEXT_PARSED_TYPES].sort());
      for (const parse of Object.values(parsers))
        expect(parse('2024-01-02 03:04:05+00', 0)).toBe('2024-01-02 03:04:05+00');
    }
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('withTextParsers', () => {
  let client: PGlite;
  let plain: PGlite;
  beforeAll(async () => {
    [client, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
  });
  afterAll(async () => {
    await Promise.all([client.close(), plain.close()]);
  });

  it('sends Drizzle statements without their parsers and reads the same rows as Drizzle alone', async () => {
    const wrapped = withTextParsers(client);
    const sent = vi.spyOn(client, 'query');
    const rows = (await drizzle({ client: wrapped }).execute(values)).rows;
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0]?.[2]).not.toHaveProperty('parsers');
    sent.mockRestore();
    expect(rows).toEqual((await drizzle({ client: plain }).execute(values)).rows);
    expect(rows[0]).toMatchObject({
      at: '2024-01-02 03:04:05+00',
      day: '2024-01-02',
      span: '1 day 02:00:00',
    });
    expect(rows[0]).toMatchObject({ ats: '{"2024-01-02 03:04:05+00"}', amounts: '{1.5,2}', n: 7 });
  });

  it('does the same inside a transaction', async () => {
    const db = drizzle({ client: withTextParsers(client) });
    const begin = client.transaction.bind(client);
    const sent: unknown[][] = [];
    const opened = vi.spyOn(client, 'transaction').mockImplementation((run) =>
      begin((tx) => {
        const query = tx.query.bind(tx);
        tx.query = (...args: Parameters<typeof query>) => {
          sent.push(args);
          return query(...args);
        };
        return run(tx);
      }),
    );
    try {
      const rows = await db.transaction(async (tx) => (await tx.execute(values)).rows);
      expect(opened).toHaveBeenCalledTimes(1);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.[2]).not.toHaveProperty('parsers');
      expect(rows).toEqual((await drizzle({ client: plain }).execute(values)).rows);
    } finally {
      opened.mockRestore();
    }
  });

  it('passes on parsers other than those it installed', async () => {
    const wrapped = withTextParsers(client);
    const { rows } = await wrapped.query<{ n: string }>('select 7 as n', [], {
      parsers: { [types.INT4]: (value: string) => `int ${value}` },
    });
    expect(rows[0]?.n).toBe('int 7');
  });

  it('leaves the rest of the client as it was (its state lives in private fields)', async () => {
    const wrapped = withTextParsers(client);
    expect(wrapped.closed).toBe(false);
    await expect(wrapped.exec('select 1')).resolves.toHaveLength(1);
  });
});
