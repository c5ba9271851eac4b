import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from './database.js';
import { FEW_MATCHES, SearchSample } from './search-sample.js';

/** An executor answering the sample's two reads: the table's count, then the sampled documents. */
function fakeTable(rows: number, documents: () => string[]) {
  const reads: string[] = [];
  const db = {
    async execute(query: { queryChunks?: unknown[] }) {
      const text = JSON.stringify(query);
      reads.push(text.includes('tablesample') ? 'sample' : 'count');
      return text.includes('tablesample')
        ? { rows: documents().map((d) => ({ d: d.toLowerCase() })) }
        : { rows: [{ n: rows }] };
    },
  } as unknown as Executor;
  return { db, reads };
}

describe('a search sample', () => {
  it('counts the matches of a small table read whole, any of the terms, as ilike compares', async () => {
    const { db } = fakeTable(3, () => [
      'Asha Rao asha@x.test',
      'Ravi Iyer ravi@x.test',
      'Acme Fire 98765 43210',
    ]);
    const sample = new SearchSample(db, sql`t`, sql`d`);
    expect(await sample.matchesAtMost(['RAO'])).toBe(1);
    expect(await sample.matchesAtMost(['@x.test'])).toBe(2);
    expect(await sample.matchesAtMost(['9876543210', '98765 43210'])).toBe(1);
    expect(await sample.matchesAtMost(['nobody'])).toBe(0);
  });

  it('scales a sample of a large table, and leaves room for the matches it did not see', async () => {
    const documents = Array.from({ length: 1000 }, (_, i) => (i < 10 ? `warehouse ${i}` : `office ${i}`));
    const { db } = fakeTable(100_000, () => documents);
    const sample = new SearchSample(db, sql`t`, sql`d`, { size: 1000 });
    // 10 of 1,000 sampled, and 3 more unseen, each standing for 100 rows.
    expect(await sample.matchesAtMost(['warehouse'])).toBe(1_300);
    // None seen is still up to 300 rows of 100,000.
    expect(await sample.matchesAtMost(['pune'])).toBe(300);
  });

  it('reads once for concurrent first searches, and again in the background when old', async () => {
    let now = 0;
    let documents = ['old term'];
    const { db, reads } = fakeTable(1, () => documents);
    const sample = new SearchSample(db, sql`t`, sql`d`, { maxAgeMs: 1000, now: () => now });
    await Promise.all([sample.matchesAtMost(['new']), sample.matchesAtMost(['old'])]);
    expect(reads).toEqual(['count', 'sample']);

    documents = ['new term'];
    now = 2000;
    // The old sample answers while the new one is read.
    expect(await sample.matchesAtMost(['new'])).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toEqual(['count', 'sample', 'count', 'sample']);
    expect(await sample.matchesAtMost(['new'])).toBe(1);
  });
});

describe('a search sample that missed', () => {
  it('is read again when an estimate proved wrong, at most once a minute', async () => {
    let now = 0;
    let documents = ['a'];
    const { db, reads } = fakeTable(1, () => documents);
    const sample = new SearchSample(db, sql`t`, sql`d`, { now: () => now });
    expect(await sample.matchesAtMost(['b'])).toBe(0);
    documents = ['b'];
    now = 30_000;
    sample.estimateMissed();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toHaveLength(2);
    now = 61_000;
    sample.estimateMissed();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toHaveLength(4);
    expect(await sample.matchesAtMost(['b'])).toBe(1);
  });
});

describe("a few-matches page's total", () => {
  it('is the count its rows carry, none when an empty page means none, and unknown otherwise or over the line', async () => {
    let now = 0;
    let documents = ['a'];
    const { db, reads } = fakeTable(1, () => documents);
    const sample = new SearchSample(db, sql`t`, sql`d`, { now: () => now });
    expect(await sample.matchesAtMost(['b'])).toBe(0);
    expect(sample.fewMatchesTotal([{ n: 2 }, { n: 2 }], true)).toBe(2);
    expect(sample.fewMatchesTotal([{ n: FEW_MATCHES }], false)).toBe(FEW_MATCHES);
    expect(sample.fewMatchesTotal([], true)).toBe(0);
    expect(sample.fewMatchesTotal([], false)).toBeUndefined();
    expect(reads).toHaveLength(2);
    // More than the line: the estimate was stale, so the arms answer and the sample is read again.
    documents = ['b'];
    now = 61_000;
    expect(sample.fewMatchesTotal([{ n: FEW_MATCHES + 1 }], true)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toHaveLength(4);
    expect(await sample.matchesAtMost(['b'])).toBe(1);
  });
});

describe('a search sample that could not be read', () => {
  it('takes every term as common, and reads again at the next search', async () => {
    let failing = true;
    const db = {
      async execute(query: unknown) {
        if (failing) throw new Error('canceling statement due to statement timeout');
        return JSON.stringify(query).includes('tablesample') ? { rows: [{ d: 'x' }] } : { rows: [{ n: 1 }] };
      },
    } as unknown as Executor;
    const sample = new SearchSample(db, sql`t`, sql`d`);
    expect(await sample.matchesAtMost(['x'])).toBe(Number.POSITIVE_INFINITY);
    failing = false;
    expect(await sample.matchesAtMost(['x'])).toBe(1);
  });
});
