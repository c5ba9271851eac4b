import { spawnSync } from 'node:child_process';
import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * PGlite as scripts/patch-dependencies.mjs leaves it (docs/decisions/0007-pglite-patches.md and 0009): what the
 * rewritten code does must be what PGlite did, and a statement's garbage must die young.
 */
describe.runIf(process.env.TEST_DB !== 'postgres')('PGlite after its patches', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('create table items (id int primary key, name text not null)');
  });
  afterAll(async () => {
    await db.close();
  });

  it('says a transaction is closed once it commits, rolls back or fails, and refuses it after', async () => {
    const seen: boolean[] = [];
    let kept: Awaited<Parameters<Parameters<PGlite['transaction']>[0]>[0]> | undefined;
    await db.transaction(async (tx) => {
      kept = tx;
      seen.push(tx.closed);
      await tx.query('insert into items values (1, $1)', ['committed']);
      seen.push(tx.closed);
    });
    expect(seen).toEqual([false, false]);
    expect(kept?.closed).toBe(true);
    await expect(kept?.query('select 1')).rejects.toThrow('Transaction is closed');

    await db.transaction(async (tx) => {
      await tx.query('insert into items values (2, $1)', ['rolled back']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      kept = tx;
    });
    expect(kept?.closed).toBe(true);

    await expect(
      db.transaction(async (tx) => {
        kept = tx;
        await tx.query('insert into items values (3, $1)', ['failed']);
        throw new Error('the caller gave up');
      }),
    ).rejects.toThrow('the caller gave up');
    expect(kept?.closed).toBe(true);

    const { rows } = await db.query<{ id: number }>('select id from items order by id');
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('keeps a query waiting while another caller holds a transaction, and frees the lock after an error', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      order.push('transaction began');
      await tx.query('insert into items values (10, $1)', ['held']);
      await held;
      order.push('transaction ends');
    });
    // The transaction has begun once its first statement could run.
    while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const outside = db.query<{ n: number }>('select count(*)::int as n from items').then((result) => {
      order.push('query ran');
      return result.rows[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['transaction began']);
    release();
    await transaction;
    // The query saw the committed row: it ran after the transaction, not inside it.
    expect(await outside).toBe(2);
    expect(order).toEqual(['transaction began', 'transaction ends', 'query ran']);

    await expect(db.query('select * from no_such_table')).rejects.toThrow(
      'relation "no_such_table" does not exist',
    );
    expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('writes and reads the wire protocol as before: long and non-ASCII text, row counts, COPY, errors', async () => {
    // Longer than the protocol writer's first 256 bytes, with two- three- and four-byte characters.
    const text = `Kalyan Nagar, Bengaluru — ಬೆಂಗಳೂರು ✓ 🔥 ${'x'.repeat(400)}`;
    const echoed = await db.query<{ text: string; length: number }>(
      'select $1::text as text, length($1::text) as length',
      [text],
    );
    expect(echoed.rows).toEqual([{ text, length: [...text].length }]);
    expect(echoed.fields.map((field) => field.name)).toEqual(['text', 'length']);
    // Each text field is decoded where it sits in the row's message: empty, null, short and long
    // fields side by side, row after row.
    const { rows: mixed } = await db.query<{ a: string; b: string | null; c: string; d: string }>(
      `select '' as a, case when i = 2 then null else 'ಬೆ' || i end as b, repeat('y', i * 300) as c, i || '✓' as d
       from generate_series(1, 3) as g(i)`,
    );
    expect(mixed).toEqual(
      [1, 2, 3].map((i) => ({ a: '', b: i === 2 ? null : `ಬೆ${i}`, c: 'y'.repeat(i * 300), d: `${i}✓` })),
    );

    const inserted = await db.query('insert into items values (20, $1), (21, $1), (22, $1)', ['bulk']);
    expect(inserted.affectedRows).toBe(3);
    const updated = await db.query("update items set name = 'renamed' where id >= 20");
    expect(updated.affectedRows).toBe(3);

    // COPY's response starts with a format byte and a column count: the reader's byte() then int16().
    const { rows: counted } = await db.query<{ n: number }>('select count(*)::int as n from items');
    const copied = await db.exec('copy items to stdout');
    expect(copied).toMatchObject([{ command: 'COPY', affectedRows: counted[0]?.n }]);
    expect(counted[0]?.n).toBeGreaterThanOrEqual(3);
    const { messages } = await db.execProtocol(protocol.serialize.query('copy items to stdout'));
    expect(messages.find((message) => message.name === 'copyOutResponse')).toMatchObject({
      binary: false,
      columnTypes: [0, 0],
    });

    const failure = await db
      .query('insert into items values (20, $1)', ['again'])
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "items_pkey"',
      detail: 'Key (id)=(20) already exists.',
      table: 'items',
      constraint: 'items_pkey',
    });
  });

  it("leaves a statement's garbage to the young generation (a scavenge keeps ~0 KB, not ~1 MB)", () => {
    // A fresh process with V8's GC trace: a loop of statements and transactions, then the bytes each
    // young-generation collection promoted once PGlite had started (the start promotes its own data).
    const script = `
      import { PGlite, protocol } from '@electric-sql/pglite';
      const db = await PGlite.create();
      await db.exec('create table t (id int primary key, name text)');
      for (let i = 0; i < 4000; i++) {
        await db.query('select $1::int as n, $2::text as s', [i, 'x']);
        if (i % 10 === 0)
          await db.transaction(async (tx) => {
            await tx.query('insert into t values ($1, $2) on conflict (id) do update set name = excluded.name', [i % 50, 'n']);
          });
      }
      await db.close();`;
    const run = spawnSync(
      process.execPath,
      ['--max-semi-space-size=8', '--trace-gc-nvp', '--input-type=module', '-e', script],
      { encoding: 'utf8', cwd: process.cwd(), timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const promoted = run.stdout
      .split('\n')
      .filter((line) => line.includes('gc=s '))
      .map((line) => Number(/ promoted=(\d+)/.exec(line)?.[1]));
    const steady = promoted.slice(-6);
    expect(steady).toHaveLength(6);
    // Unpatched, each of these promoted about 480 KB with this young generation (970 KB at 16 MB).
    expect(Math.max(...steady)).toBeLessThan(64 * 1024);
  });
});
