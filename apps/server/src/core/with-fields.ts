/** The keys `T` may leave out. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/**
 * The type of `{ ...B, ...F }` as TypeScript gives it: F's fields replace B's, except that a field F
 * may leave out keeps B's type beside its own; unions on either side spread member by member.
 */
export type Spread<B, F> = B extends unknown
  ? F extends unknown
    ? Omit<B, keyof F> &
        Omit<F, OptionalKeys<F>> & { [K in OptionalKeys<F> & keyof B]: B[K] | Exclude<F[K], undefined> } & {
          [K in Exclude<OptionalKeys<F>, keyof B>]?: F[K];
        }
    : never
  : never;

/**
 * `{ ...base, ...fields }`, written so that the copy can die young. On Node 20's V8 an object
 * literal that starts with a spread and goes on (`{ ...row, count }`, `{ ...a, ...b }`) is kept
 * through every young-generation collection, and with it everything it references: the site list's
 * rows made that way were 1.5 MB copied on each collection, a 4.0 ms pause where 2.3 ms was left
 * without them (docs/decisions/0010-no-leading-spread.md). `Object.assign` onto a new object does the same
 * copy without it. `scripts/leading-spread.test.mjs` keeps the shape out of the server.
 */
export function withFields<B extends object, F extends object>(base: B, fields: F): Spread<B, F> {
  return Object.assign({}, base, fields) as unknown as Spread<B, F>;
}

/**
 * The fields of a partial update's body among `keys` that the request sent (not `undefined`): what
 * a PATCH changes. `null` is sent (it clears a field).
 */
export function sentFields<T extends object, K extends keyof T>(
  body: T,
  keys: readonly K[],
): { [P in K]?: Exclude<T[P], undefined> } {
  const sent: { [P in K]?: Exclude<T[P], undefined> } = {};
  for (const key of keys) if (body[key] !== undefined) sent[key] = body[key] as Exclude<T[K], undefined>;
  return sent;
}
