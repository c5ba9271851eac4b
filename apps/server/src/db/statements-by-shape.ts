import { is, Param, Placeholder, sql } from 'drizzle-orm';

/**
 * Puts one value into a statement (`StatementsByShape`): in a statement built for one request the
 * value itself, in a statement built once per shape a placeholder named `name`, filled with this
 * request's value when it runs. The placeholder is typed as the value so that the same builders serve
 * both (Drizzle takes a placeholder wherever it takes a value).
 */
export type Bind = <T>(name: string, value: T) => T;

/** Binds a value as itself: the statement is built for this request only. */
export const asValue: Bind = (_name, value) => value;

interface Preparable<R> {
  toSQL(): { params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

/** Shapes kept per holder; past it the kept statements are dropped and built again as asked for. */
const MAX_SHAPES = 64;

/**
 * Statements built and rendered once per shape and then run with each request's values (issue 22):
 * Drizzle's build of a list's search statement (the select, its joins and its nested conditions
 * rendered to text) was a tenth of a rare term's request on the embedded database, more than the
 * HTTP parsing or the validation. The shape is which values were bound, in order: every part of a
 * statement that a filter adds or leaves out must bind a value of its own, so two filters that bind
 * the same names build the same text (a part that binds nothing, a fixed condition chosen by a
 * filter, is named in `fixedParts`). A value not bound would be kept from the first request of the
 * shape; `run` refuses a statement holding one (only numbers, the builders' constants such as a
 * cap, are let through).
 *
 * The statement is unnamed (`prepare('')`): PostgreSQL still plans each run for its values, as a
 * one-off statement (a named one could be given a generic plan after five runs, blind to how common
 * a search term is).
 */
export class StatementsByShape<R> {
  private readonly byShape = new Map<string, { execute(values?: Record<string, unknown>): Promise<R> }>();

  /**
   * Runs the statement of `pieces`' shape: `pieces` binds this request's values (and builds the
   * parts that need them, cheaply); `statement` makes the whole statement from those parts, only the
   * first time a shape is seen.
   */
  async run<S>(
    pieces: (bind: Bind) => S,
    statement: (parts: S) => Preparable<R>,
    /** What else sets the shape: a part a filter adds that binds no value (a fixed condition). */
    fixedParts = '',
  ): Promise<R> {
    const values: Record<string, unknown> = {};
    const bind: Bind = <T>(name: string, value: T): T => {
      // One name may be bound again with the same value (a filter repeated in each rank's test).
      if (name in values && values[name] !== value)
        throw new Error(`The statement binds "${name}" to two values`);
      values[name] = value;
      return sql.placeholder(name) as T;
    };
    const parts = pieces(bind);
    const shape = `${fixedParts}|${Object.keys(values).join(',')}`;
    let prepared = this.byShape.get(shape);
    if (!prepared) {
      const built = statement(parts);
      const frozen = built
        .toSQL()
        .params.filter(
          (p) => !is(p, Placeholder) && !(is(p, Param) && is(p.value, Placeholder)) && typeof p !== 'number',
        );
      if (frozen.length)
        throw new Error(`A statement built once per shape holds values not bound: ${JSON.stringify(frozen)}`);
      if (this.byShape.size >= MAX_SHAPES) this.byShape.clear();
      prepared = built.prepare('');
      this.byShape.set(shape, prepared);
    }
    return prepared.execute(values);
  }
}
