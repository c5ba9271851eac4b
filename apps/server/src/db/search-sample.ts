import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './database.js';

/**
 * A term estimated to have at most this many matches is ranked whole in one statement that also
 * counts them (`firstMatchesPage` cut at this line); a term with more reads each rank from its own
 * index beside a capped count.
 */
export const FEW_MATCHES = 300;

/** How many search documents a sample keeps (about 0.5 MB of text per list). */
const SAMPLE_SIZE = 5_000;
/** A sample older than this is read again, in the background, at the next search. */
const SAMPLE_MAX_AGE_MS = 5 * 60_000;
/**
 * Matches a sample's term can have beyond what it saw: with none of 5,000 sampled documents holding
 * a term, a term in more than 3 / 5,000 of the table is unlikely (the 95 % bound of a binomial).
 */
const UNSEEN_MATCHES = 3;
/** A sample at least this old is read again when an estimate proved wrong (the table grew or changed). */
const MISS_RELOAD_AFTER_MS = 60_000;
/** Estimates kept per sample, so paging through one term's results reads the sample once. */
const REMEMBERED_TERMS = 200;

interface Loaded {
  documents: string[];
  /** The table's rows when the sample was read: each sampled document stands for rows / documents. */
  rows: number;
  readAt: number;
  /** The estimates already made from this sample, by their terms. */
  estimates: Map<string, number>;
}

/**
 * A row sample of one list's search documents, lower-cased, kept in memory (issue 22): an estimate
 * of how many rows contain a term, taken before any statement is sent. A list whose term is
 * estimated to have only a few matches ranks them whole in one statement that also counts them;
 * any other term reads its ranks from their indexes beside a capped count. A wrong estimate costs
 * time, never the answer: the one statement reads at most the few-matches line plus one, and a list
 * that finds more falls back to the arms. The sample is read at the first search (the table's
 * count, then `tablesample bernoulli`, which reads every page once) and again in the background when
 * it is five minutes old, as ANALYZE samples for the planner.
 */
export class SearchSample {
  private loaded: Loaded | undefined;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Executor,
    /** The table, as Drizzle renders it in a FROM clause. */
    private readonly table: SQL,
    /** The search document, the same expression the list's trigram index is built on. */
    private readonly document: SQL,
    private readonly options: {
      size?: number;
      maxAgeMs?: number;
      now?: () => number;
      /** Tables the document also reads (a site's client), joined to each sampled row. */
      joins?: SQL;
    } = {},
  ) {}

  /**
   * An upper estimate of the rows whose document contains any of `terms` (each compared
   * lower-cased, as `ilike`), from the sample; infinite while there is none. The first call waits
   * for the sample; later ones answer from the one in memory and refresh it in the background when
   * it is old.
   */
  async matchesAtMost(terms: string[]): Promise<number> {
    // No sample (its read failed, say a statement timeout on a huge table): every term is taken as
    // common, the lists' path before there was a sample; the next search tries the read again.
    const sample = this.loaded ?? (await this.load().catch(() => undefined));
    if (!sample) return Number.POSITIVE_INFINITY;
    if (this.now() - sample.readAt > (this.options.maxAgeMs ?? SAMPLE_MAX_AGE_MS)) {
      // A failed refresh (a closing pool) keeps the old sample: it is only an estimate.
      this.load().catch(() => undefined);
    }
    const needles = terms.map((t) => t.toLowerCase()).filter(Boolean);
    const key = needles.join('\n');
    const remembered = sample.estimates.get(key);
    if (remembered !== undefined) return remembered;
    const estimate = estimateFrom(sample, needles);
    if (sample.estimates.size >= REMEMBERED_TERMS) sample.estimates.clear();
    sample.estimates.set(key, estimate);
    return estimate;
  }

  /**
   * The list found more matches than `matchesAtMost` estimated: rows were written since the sample
   * was read. The sample is read again in the background, at most once a minute (an estimate can
   * also miss by chance, and a term searched over and over should not read the table each time).
   */
  estimateMissed(): void {
    if (this.loaded && this.now() - this.loaded.readAt < MISS_RELOAD_AFTER_MS) return;
    this.load().catch(() => undefined);
  }

  /**
   * The total a one-statement page of a term estimated rare found (`firstMatchesPage`'s rows, each
   * carrying `n`), or undefined when the arms must answer instead: more than FEW_MATCHES (the
   * estimate was stale: the sample is read again) or an empty page that does not mean no matches
   * (a page past the first, or a filter of the page only: no row carried the count).
   */
  fewMatchesTotal(found: ReadonlyArray<{ n: number }>, emptyMeansNone: boolean): number | undefined {
    const total = found.length ? Number(found[0]!.n) : 0;
    if (total > FEW_MATCHES) {
      this.estimateMissed();
      return undefined;
    }
    return found.length || emptyMeansNone ? total : undefined;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private load(): Promise<Loaded> {
    this.loading ??= this.read().finally(() => {
      this.loading = undefined;
    });
    return this.loading.then(() => this.loaded!);
  }

  private async read(): Promise<void> {
    const size = this.options.size ?? SAMPLE_SIZE;
    const readAt = this.now();
    const counted = await this.db.execute<{ n: number }>(sql`select count(*)::int as n from ${this.table}`);
    const rows = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
    // Row-level sampling: each row kept with the same chance, wherever it lies (a block sample keeps
    // whole pages, and a page holds rows written together).
    const percent = rows <= size ? 100 : (100 * size) / rows;
    const sampled = await this.db.execute<{ d: string | null }>(
      sql`select lower(${this.document}) as d from ${this.table} tablesample bernoulli(${sql.raw(percent.toFixed(6))}) ${this.options.joins ?? sql``}`,
    );
    this.loaded = {
      documents: rowsOf<{ d: string | null }>(sampled).map((r) => r.d ?? ''),
      rows: Math.max(rows, 1),
      readAt,
      estimates: new Map(),
    };
  }
}

function estimateFrom(sample: Loaded, needles: string[]): number {
  let hits = 0;
  for (const document of sample.documents) {
    if (needles.some((needle) => document.includes(needle))) hits++;
  }
  // The whole table was read (a small one), or nothing came back to scale by.
  if (sample.documents.length >= sample.rows || !sample.documents.length) return hits;
  return Math.ceil(((hits + UNSEEN_MATCHES) * sample.rows) / sample.documents.length);
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
