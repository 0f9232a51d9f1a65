/**
 * Malformed requests for every call of the OpenAPI document (itself generated from the contracts
 * table): fast-check arbitraries that start from a plausible body built from the call's JSON
 * schema and break it (a field of the wrong type, a huge, negative or sub-paisa number, a long
 * or control-character string, an impossible date, arrays, deep nesting, a missing field), or
 * replace it with something that is not JSON at all or not sent as JSON.
 */
import fc from 'fast-check';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
};

/** One call of the document: what the fuzz needs to send it. */
export interface FuzzOperation {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  /** The JSON schema of the request body (POST), as the document states it. */
  body: JsonSchema | undefined;
  auth: 'public' | 'user';
}

/** What goes on the wire: a JSON value, or raw text with its content type (none: no header). */
export type MalformedRequest =
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; payload: string; contentType: string | undefined; label: string };

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId: string; security?: unknown[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}

export function operationsOf(document: unknown): FuzzOperation[] {
  const doc = document as OpenApiDocument;
  return Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      name: op.operationId,
      method: method.toUpperCase() as 'GET' | 'POST',
      url,
      body: op.requestBody?.content['application/json']?.schema,
      auth: op.security && op.security.length > 0 ? ('user' as const) : ('public' as const),
    })),
  );
}

// ---- a plausible body from a JSON schema ---------------------------------------------------

/** Sample strings tried against a `pattern`, so the untouched fields of a body look right. */
const PATTERN_SAMPLES = ['1', '2026-01-15', 'demo_user1', 'Abcdef12', '9876543210', '+91', 'imlive1001', '1.5'];

/** A value the schema would likely accept: the field's first choice, a small number, a short string. */
export function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return plausible(choice.find((c) => c.type !== 'null') ?? choice[0]);
  if (schema.allOf) return plausible(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => plausible(schema.items));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'string': {
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        return PATTERN_SAMPLES.find((s) => re.test(s)) ?? 'a';
      }
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return 1;
  }
}

/** Paths of every property a body can carry, nested objects and the first array item included. */
export function fieldPaths(schema: JsonSchema | undefined, prefix: (string | number)[] = []): (string | number)[][] {
  if (!schema) return [];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return choice.flatMap((c) => fieldPaths(c, prefix));
  if (schema.type === 'array') return [[...prefix, 0], ...fieldPaths(schema.items, [...prefix, 0])];
  if (schema.type === 'object' || schema.properties) {
    return Object.entries(schema.properties ?? {}).flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k])]);
  }
  return [];
}

// ---- broken values -------------------------------------------------------------------------

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f'];

/** Numbers no column or amount takes: huge, negative, fractions of a paisa, the edges of the ranges. */
const badNumber = fc.oneof(
  fc.constantFrom(
    1e308, -1e308, 1e21, -1e23, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 2 ** 63, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER,
    0.001, 10.005, 100.129, 1.0000001, 5e-324, -0.01, -1, 0,
  ),
  fc.integer({ min: -2_000_000_000, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: 0, max: 1_000_000, noNaN: true }).map((v) => v + 0.001),
);

/** Strings of ids and amounts no column holds, and numbers written the way JSON does not. */
const badNumericString = fc.constantFrom(
  '100000000000000000000', '-1e+23', '1e400', '9223372036854775808', '-2147483649', '2147483648', '0x10', ' 1', '1_000', '1.', '.5',
  'NaN', 'Infinity', '-0', '00000000000000000000001', '1e2', '١٢٣',
);

/** yyyy-mm-dd shapes that are not days. */
const badDay = fc.constantFrom('2026-13-45', '2026-02-30', '2025-02-29', '2026-00-01', '0000-01-01', '9999-99-99', '2026-1-1', '26-01-01', '2026/01/01');

const controlString = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 20 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

const longString = fc.oneof(
  fc.integer({ min: 101, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ minLength: 100, maxLength: 400, unit: 'grapheme' }),
);

/** Lone surrogates, odd scripts, SQL and markup: text the server must treat as text. */
const oddString = fc.oneof(
  fc.constantFrom('\ud800', 'a\udfffb', "'; drop table users; --", '<script>alert(1)</script>', '%00', '\\u0000', '𝔘𝔫𝔦', '‮evil', ''),
  fc.string({ maxLength: 30, unit: 'binary' }),
);

/** Nested arrays and objects, up to a few thousand levels deep. */
const deepNesting = fc.tuple(fc.integer({ min: 2, max: 3000 }), fc.boolean()).map(([depth, asArray]) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
});

/** Any value a field should not get. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badNumber,
  badNumericString,
  badDay,
  controlString,
  longString,
  oddString,
  fc.constantFrom(null, true, false, [], {}, [1, 2], { $gt: 0 }, ['1'], [null]),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.object({ maxDepth: 2 }),
  deepNesting,
);

// ---- broken bodies -------------------------------------------------------------------------

function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(body) ? [...(body as unknown[])] : { ...(body as object) }) as Record<string | number, unknown>;
  const child = body !== null && typeof body === 'object' ? (body as Record<string | number, unknown>)[head] : undefined;
  copy[head] = withValue(child ?? {}, rest, value);
  return copy;
}

function without(body: unknown, path: (string | number)[]): unknown {
  if (path.length === 1) {
    if (Array.isArray(body)) return body.filter((_, i) => i !== path[0]);
    const { [path[0] as string]: _dropped, ...rest } = body as Record<string, unknown>;
    return rest;
  }
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const child = (body as Record<string | number, unknown>)[head];
  if (child === null || typeof child !== 'object') return body;
  return withValue(body, [head], without(child, rest));
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];

/** Texts that are not JSON, or JSON that a parser must refuse. */
const notJson = fc.oneof(
  fc.constantFrom(
    '{', '{"a":', '[1,2', 'undefined', "{'a':1}", '{"a":1,}', '{"a":01}', 'NaN', '<xml/>', 'a=1&b=2', '\u0000', '{"a":"\\u"}', '{"a":"\\ud800"}',
    '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}',
  ),
  fc.string({ maxLength: 200 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
  // Deep nesting around a forbidden key makes the prototype scan walk the whole tree.
  fc.integer({ min: 100, max: 5000 }).map((n) => `${'{"constructor":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.integer({ min: 1000, max: 100_000 }).map((n) => '['.repeat(n)),
);

/** Over the 1 MiB body limit: refused (413) before any parsing. */
const OVERSIZED = JSON.stringify({ s: 'x'.repeat(1_100_000) });

/** Bodies of one call that its schema (if it has one) should refuse, and ways of sending them wrong. */
export function malformedRequests(operation: FuzzOperation): fc.Arbitrary<MalformedRequest> {
  const base = plausible(operation.body);
  const paths = fieldPaths(operation.body);
  const asJson = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(value, fc.constantFrom(...JSON_TYPES)).map(([v, contentType]): MalformedRequest => ({ kind: 'json', value: v, contentType }));
  const bodies: fc.Arbitrary<unknown>[] = [badValue];
  if (paths.length > 0) {
    const path = fc.constantFrom(...paths);
    // One field broken, the rest plausible: the refusal must come from that field.
    bodies.push(fc.tuple(path, badValue).map(([p, v]) => withValue(base, p, v)));
    bodies.push(fc.tuple(path, badValue).map(([p, v]) => withValue(base, p, v)));
    // Several fields broken at once.
    bodies.push(fc.array(fc.tuple(path, badValue), { minLength: 2, maxLength: 4 }).map((edits) => edits.reduce((b, [p, v]) => withValue(b, p, v), base)));
    // A field missing.
    bodies.push(path.map((p) => without(base, p)));
  }
  if (Array.isArray(base)) {
    // Too many rows, or none.
    bodies.push(fc.integer({ min: 11, max: 300 }).map((n) => Array.from({ length: n }, () => base[0])));
    bodies.push(fc.constant([]));
  }
  return fc.oneof(
    { weight: 80, arbitrary: asJson(fc.oneof(...bodies)) },
    {
      weight: 10,
      arbitrary: notJson.map((payload): MalformedRequest => ({ kind: 'raw', payload, contentType: 'application/json', label: 'not JSON' })),
    },
    { weight: 1, arbitrary: fc.constant<MalformedRequest>({ kind: 'raw', payload: OVERSIZED, contentType: 'application/json', label: 'over the body limit' }) },
    {
      weight: 10,
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'json', undefined),
          fc.constantFrom(JSON.stringify(base), 'a=1&b=2', '<a/>', '--x\r\n\r\n--x--'),
        )
        .map(([contentType, payload]): MalformedRequest => ({ kind: 'raw', payload, contentType, label: `sent as ${contentType ?? 'no content type'}` })),
    },
  );
}
