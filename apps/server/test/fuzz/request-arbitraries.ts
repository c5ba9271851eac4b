import fc from 'fast-check';

/** The part of a JSON schema (as the OpenAPI document has it) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
}

const NUMBERS = [
  0,
  -1,
  1,
  2,
  1.5,
  -0.5,
  2147483647,
  2147483648,
  -2147483649,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
];

/** Text no column can store: what a request must be refused for, by name. */
const poison = fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', 'ok\udbff');

/** Text that has broken things before: NUL, lone surrogates, very long, markup, SQL, padding. */
const nastyText = fc.oneof(
  { weight: 3, arbitrary: poison },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\ud83d\udd25',
      "'; drop table users; --",
      '%',
      '%00',
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '2026-02-30',
      '2026-13-01',
      '9999-12-31',
      '0000-01-01',
      '-1',
      '2147483648',
      'NaN',
      'Infinity',
      '1e309',
      '#zzzzzz',
      'a@b',
      '+9'.padEnd(40, '9'),
      'null',
      'true',
      '\u202e\u200b',
      '\t\n\r',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 20_000 }).map((n) => 'x'.repeat(n)) },
);

/** Any JSON value at all: the wrong type for whatever the field wanted. */
export function junkJson(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: nastyText },
    { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: 1, arbitrary: fc.double().filter(Number.isFinite) },
    { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { a: 1 }, [[[[[]]]]]) },
    { weight: 1, arbitrary: fc.array(nastyText, { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', '\u0000', 'id'), nastyText, {
        maxKeys: 3,
      }),
    },
  );
}

/**
 * A value shaped by the schema most of the time, so the request gets past the first check and
 * reaches the service, with junk mixed in at every level.
 */
function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: depth === 0 ? 8 : 5, arbitrary: shaped(schema, depth) },
    { weight: 1, arbitrary: junkJson() },
  );
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => shaped(s, depth)));
  if (schema.allOf?.length) return shaped(Object.assign({}, ...schema.allOf), depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), nastyText);
  const types = typesOf(schema);
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  const maybeNull = (arb: fc.Arbitrary<unknown>) =>
    types.includes('null')
      ? fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) })
      : arb;
  switch (type) {
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const fields = Object.fromEntries(
        properties.map(([name, s]) => [
          name,
          // Required fields are there most of the time, optional ones half of the time.
          fc.option(valueFor(s, depth + 1), { freq: required.has(name) ? 8 : 2, nil: undefined }),
        ]),
      );
      return fc
        .tuple(
          fc.record(fields),
          fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'id'), junkJson()), { freq: 5 }),
        )
        .map(([record, extra]) => {
          const value = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
          if (extra) value[extra[0]] = extra[1];
          return value;
        });
    }
    case 'array':
      if (depth > 4) return fc.constant([]);
      return maybeNull(
        fc.oneof(
          { weight: 5, arbitrary: fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 4 }) },
          // Many items: past a list's limit.
          {
            weight: 1,
            arbitrary: fc
              .integer({ min: 50, max: 600 })
              .map((n) => Array.from({ length: n }, (_, i) => i + 1)),
          },
        ),
      );
    case 'integer':
      return maybeNull(
        fc.oneof(
          fc.integer({ min: Math.max(schema.minimum ?? -5, -5), max: Math.min(schema.maximum ?? 10, 10) }),
          fc.constantFrom(...NUMBERS),
          fc
            .constantFrom(schema.minimum ?? 0, schema.maximum ?? 2147483647)
            .chain((b) => fc.constantFrom(b - 1, b, b + 1)),
        ),
      );
    case 'number':
      return maybeNull(
        fc.oneof(fc.double({ min: -200, max: 200, noNaN: true }), fc.constantFrom(...NUMBERS)),
      );
    case 'boolean':
      return maybeNull(
        fc.oneof(
          { weight: 4, arbitrary: fc.boolean() },
          { weight: 1, arbitrary: fc.constantFrom('true', 0, 1) },
        ),
      );
    case 'string':
      return maybeNull(
        fc.oneof({ weight: 3, arbitrary: plausibleText(schema) }, { weight: 2, arbitrary: nastyText }),
      );
    default:
      return junkJson();
  }
}

/** Text that passes a field's own checks often enough for the request to reach the database. */
function plausibleText(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const min = Math.min(schema.minLength ?? 0, max);
  return fc.oneof(
    fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }),
    fc.constantFrom(
      'Fuzz name',
      'fuzz@example.test',
      '2026-06-15',
      '2026-06-15T10:00:00Z',
      '+919800000123',
      '560001',
      '#1f5fa6',
      'blue',
      'Inspect-Th1s-Carefully',
      'https://push.example.test/endpoint',
      'Asia/Kolkata',
    ),
  );
}

/** A query value, already percent-encoded: raw bytes such as %00 and broken escapes included. */
function queryValue(schema?: JsonSchema): fc.Arbitrary<string> {
  const fromSchema: string[] = schema?.enum?.map(String) ?? [];
  return fc.oneof(
    ...(fromSchema.length ? [{ weight: 3, arbitrary: fc.constantFrom(...fromSchema) }] : []),
    {
      weight: 4,
      arbitrary: fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '2147483648', '9007199254740993', '-1', '0'),
    },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '',
        '1',
        '1.5',
        '2147483647',
        '1e309',
        'NaN',
        'abc',
        '%F0%9F%94%A5',
        '%',
        '%zz',
        '%25',
        'true',
        '-name',
        'name',
        '-',
        '2026-02-30',
        '2026-06-15',
        'xlsx',
        'csv',
        '%27%3B%20drop%20table%20users%3B--',
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: 101, max: 3000 }).map((n) => 'q'.repeat(n)) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }).map(encodeText) },
  );
}

/** A path segment: existing ids, boundaries, and text that is no id at all. */
export function pathValue(ids: readonly number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids.map(String)) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1',
        '2147483647',
        '2147483648',
        '9007199254740993',
        '1e3',
        '1.5',
        '0x10',
        'abc',
        '%00',
        '%ED%A0%80',
        '%20',
        '%E0%A4%A',
        'a'.repeat(120),
        'null',
      ),
    },
  );
}

/** Percent-encodes any string, lone surrogates included (which encodeURIComponent refuses). */
function encodeText(text: string): string {
  return [...text].map((ch) => (/\p{Cs}/u.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
}

/** Upload bodies: not multipart at all, cut off, without a file, with a wrong field, tiny junk files. */
export function multipartBodies(): fc.Arbitrary<{
  payload?: string | Buffer;
  headers: Record<string, string>;
}> {
  const boundary = 'fuzzboundary';
  const multipart = (payload: string | Buffer, type = `multipart/form-data; boundary=${boundary}`) => ({
    payload,
    headers: { 'content-type': type },
  });
  const part = (field: string, content: Buffer, fileName = 'a.png') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return fc.oneof(
    fc.constant(multipart('{"a":1}')),
    fc.constant(multipart('')),
    fc.constant(
      multipart(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`),
    ),
    fc.constant(
      multipart(
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      ),
    ),
    fc.constant(multipart('--x\r\n\r\n', 'multipart/form-data')),
    fc.constant(multipart('garbage', 'multipart/form-data; boundary=')),
    fc.constant({ payload: '{"file":"x"}', headers: { 'content-type': 'application/json' } }),
    fc.constant({ headers: {} }),
    fc
      .tuple(fc.constantFrom('file', 'image', '\u0000', ''), fc.uint8Array({ maxLength: 2000 }), fc.boolean())
      .map(([field, content, signed]) => {
        const bytes = Buffer.from(content);
        return multipart(part(field, signed ? Buffer.concat([png, bytes]) : bytes, 'x\u0000.png'));
      }),
  );
}

/** A value that passes the schema as far as the generator can tell: what a careful client sends. */
function validFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validFor(s, depth)));
  if (schema.allOf?.length) return validFor(Object.assign({}, ...schema.allOf), depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      if (depth > 4) return fc.constant({});
      const required = new Set(schema.required ?? []);
      const fields = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, s]) => [
          name,
          required.has(name) ? validFor(s, depth + 1) : fc.option(validFor(s, depth + 1), { nil: undefined }),
        ]),
      );
      return fc
        .record(fields)
        .map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)));
    }
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(validFor(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? 1, 1),
        max: Math.max(Math.min(schema.maximum ?? 8, 8), 1),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? 0, -90),
        max: Math.min(schema.maximum ?? 90, 90),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return plausibleText(schema);
    default:
      return fc.constant(null);
  }
}

/**
 * A body for the route: mostly a valid one with exactly one field (at the top or one level down)
 * made wrong, so the refusal is about that field and a missing check reaches the service; then
 * fully random ones and valid ones.
 */
export function bodyFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const oneWrong = fc
    .tuple(validFor(schema), fc.nat(), fc.nat(), junkJson(), fc.boolean())
    .map(([value, i, j, junk, drop]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return junk;
      const keys = Object.keys(schema.properties ?? {});
      if (!keys.length) return { ...value, extra: junk };
      const key = keys[i % keys.length]!;
      const record = { ...(value as Record<string, unknown>) };
      const inner = record[key];
      if (inner && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(inner).length) {
        const innerKeys = Object.keys(inner);
        record[key] = { ...inner, [innerKeys[j % innerKeys.length]!]: junk };
      } else if (Array.isArray(inner) && inner.length) {
        record[key] = inner.map((item, n) => (n === j % inner.length ? junk : item));
      } else if (drop) delete record[key];
      else record[key] = junk;
      return record;
    });
  return fc.oneof(
    { weight: 5, arbitrary: oneWrong },
    { weight: 2, arbitrary: valueFor(schema) },
    { weight: 1, arbitrary: validFor(schema) },
  );
}

/** A query value a careful client sends for the parameter. */
function validQueryValue(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return validFor(schema ?? { type: 'string' }).map((v) =>
    typeof v === 'string' ? encodeText(v) : v === null ? '' : String(v),
  );
}

/**
 * The query parameters of a request: mostly valid ones with one made wrong (or one unknown added),
 * sometimes all of them at random.
 */
export function queryFor(params: readonly { name: string; schema?: JsonSchema }[]): fc.Arbitrary<string> {
  const names = params.map((p) => p.name);
  const valid = fc.tuple(...params.map((p) => fc.option(validQueryValue(p.schema), { freq: 2 })));
  const oneWrong = fc
    .tuple(
      valid,
      fc.nat(),
      queryValue(),
      fc.constantFrom('x', '__proto__', 'a[b]', '%00', ...names),
      fc.boolean(),
    )
    .map(([values, i, bad, extraName, repeat]) => {
      const pairs: string[] = [];
      params.forEach((p, n) => {
        if (names.length && n === i % names.length) pairs.push(`${p.name}=${bad}`);
        else if (values[n] !== null && values[n] !== undefined) pairs.push(`${p.name}=${values[n]}`);
      });
      // A parameter given twice arrives as an array.
      if (repeat || !names.length) pairs.push(`${extraName}=${bad}`);
      return pairs;
    });
  const random = fc
    .tuple(...params.map((p) => fc.option(queryValue(p.schema), { freq: 2 })))
    .map((values) => params.flatMap((p, n) => (values[n] == null ? [] : [`${p.name}=${values[n]}`])));
  return fc
    .oneof(
      { weight: 5, arbitrary: oneWrong },
      { weight: 2, arbitrary: random },
      {
        weight: 1,
        arbitrary: valid.map((values) =>
          params.flatMap((p, n) => (values[n] == null ? [] : [`${p.name}=${values[n]}`])),
        ),
      },
    )
    .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}
