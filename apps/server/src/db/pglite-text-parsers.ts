import { type PGlite, type QueryOptions, types } from '@electric-sql/pglite';

/**
 * The types Drizzle's PGlite driver reads as the text PostgreSQL sends (timestamps, dates, intervals
 * and their arrays, numeric arrays), the way node-postgres gives them to Drizzle on PostgreSQL.
 */
export const TEXT_PARSED_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;

/**
 * The embedded client as Drizzle is given it. Drizzle's driver sends its type parsers with every
 * statement and PGlite merges them into its own table of about 400 parsers on each call: an object
 * of some 100 KB per statement, which was most of what a list request allocated on the embedded
 * database, and the young-generation scavenges it caused were the tail of its p99 (docs/search.md,
 * "PGlite's parsers, once"). Here the client's own table reads those types as text, set once, and
 * a statement whose parsers are only those is sent without them: the rows come back the same.
 * Statements that bring other parsers pass them on as they came.
 */
export function withTextParsers(client: PGlite): PGlite {
  for (const type of TEXT_PARSED_TYPES) client.parsers[type] = asText;
  const strip = (options: QueryOptions | undefined): QueryOptions | undefined => {
    const parsers = options?.parsers;
    if (!parsers) return options;
    for (const key in parsers) if (client.parsers[Number(key)] !== asText) return options;
    const { parsers: _installed, ...rest } = options;
    return rest;
  };
  type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
  const wrapTransaction = (tx: Tx): Tx => {
    const query: Tx['query'] = (text, params, options) => tx.query(text, params, strip(options));
    return new Proxy(tx, { get: (target, prop) => (prop === 'query' ? query : Reflect.get(target, prop)) });
  };
  const query: PGlite['query'] = (text, params, options) => client.query(text, params, strip(options));
  const transaction: PGlite['transaction'] = (run) => client.transaction((tx) => run(wrapTransaction(tx)));
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction') return transaction;
      const value = Reflect.get(target, prop, target);
      // PGlite keeps its state in private fields, which only answer `this` = the client itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
