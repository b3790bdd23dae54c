/**
 * A small JSON-schema → fast-check mapper for the subset the OpenAPI document uses (type, enum,
 * nullable, properties/required, items, lengths, pattern, format, minimum/maximum, anyOf/oneOf).
 * `schemaValue` mostly builds values the schema accepts, so requests get past validation into
 * services and the database; at every level it sometimes puts a hostile value instead.
 */
import fc from 'fast-check';
import { HOSTILE_NUMBERS, HOSTILE_STRINGS, hostileJson } from './hostile-values';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Real values (ids of seeded rows, demo e-mail addresses) substituted for fields by name. */
export type KnownValues = Record<string, readonly string[]>;

const MAX_DEPTH = 6;

const dateOnly = fc
  .record({
    year: fc.integer({ min: 1890, max: 2110 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(
    ({ year, month, day }) =>
      `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  );

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('firma@matchwerk.example', 'admin@matchwerk.example', 'bewerberin@matchwerk.example'),
);

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, Math.max(min, 60));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return emailLike;
  if (schema.format === 'date') return dateOnly;
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString());
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern JavaScript cannot compile: plain strings below.
    }
  }
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }) },
  ];
  // A date-shaped string where one fits (a filter that can never pass would loop forever).
  if (min <= 10 && max >= 10) options.push({ weight: 1, arbitrary: dateOnly });
  return fc.oneof(...options);
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : 1_000_000);
  const low = Math.max(min, Number.MIN_SAFE_INTEGER);
  const high = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (integer)
    return fc.integer({ min: Math.ceil(Math.max(low, -(2 ** 31))), max: Math.floor(Math.min(high, 2 ** 31 - 1)) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** A value the schema (mostly) accepts; `known` supplies real values for fields by name. */
export function validValue(
  schema: JsonSchema,
  known: KnownValues,
  depth = 0,
  name?: string,
  chaos = false,
): fc.Arbitrary<unknown> {
  const child = (childSchema: JsonSchema, childName: string | undefined) =>
    chaos
      ? schemaValue(childSchema, known, depth + 1, childName)
      : validValue(childSchema, known, depth + 1, childName);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((alternative) => child(alternative, name)));
  if (schema.allOf && schema.allOf.length > 0) return child(Object.assign({}, ...schema.allOf) as JsonSchema, name);
  const knownForName = name ? known[name] : undefined;
  let base: fc.Arbitrary<unknown>;
  switch (typeOf(schema)) {
    case 'string':
      base =
        knownForName && knownForName.length > 0
          ? fc.oneof(fc.constantFrom(...knownForName), validString(schema))
          : validString(schema);
      break;
    case 'integer':
      base = validNumber(schema, true);
      break;
    case 'number':
      base = validNumber(schema, false);
      break;
    case 'boolean':
      base = fc.boolean();
      break;
    case 'array': {
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, 5));
      base = depth >= MAX_DEPTH ? fc.constant([]) : fc.array(child(items, singular(name)), { minLength, maxLength });
      break;
    }
    case 'object':
      base = depth >= MAX_DEPTH ? fc.constant({}) : objectValue(schema, child, chaos);
      break;
    case undefined:
    default:
      base = fc.jsonValue({ maxDepth: 2 });
  }
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

/** "photoIds" → "photoId": an array of ids takes known ids too. */
function singular(name: string | undefined): string | undefined {
  return name?.endsWith('s') ? name.slice(0, -1) : name;
}

function objectValue(
  schema: JsonSchema,
  child: (schema: JsonSchema, name: string) => fc.Arbitrary<unknown>,
  chaos: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([key, property]) => {
    const value = child(property, key);
    // Valid mode: required keys always, optional ones half of the time; chaos drops required ones too.
    const presence = required.has(key)
      ? chaos
        ? fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) })
        : fc.constant(true)
      : fc.boolean();
    return fc.tuple(fc.constant(key), presence, value);
  });
  const extraKey = fc.constantFrom(
    'extra',
    'isAdmin',
    'type',
    'id',
    'organizationId',
    'userId',
    'constructor',
    'toString',
    '\u0000',
  );
  const extra = chaos
    ? fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(extraKey, hostileJson) })
    : fc.constant(null);
  return fc.tuple(fc.tuple(...entries), extra).map(([values, extraEntry]) => {
    const result: Record<string, unknown> = {};
    for (const [key, present, value] of values) if (present) result[key] = value;
    if (extraEntry) result[extraEntry[0]] = extraEntry[1];
    return result;
  });
}

/** A hostile value that at least has the field's JSON type, so it reaches deeper checks. */
function hostileOfType(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case 'string':
      return fc.oneof(
        fc.constantFrom(...HOSTILE_STRINGS),
        fc.string({ unit: 'binary', maxLength: 60 }),
        validString(schema).map((value) => `${value}\u0000`),
      );
    case 'integer':
    case 'number':
      return fc.constantFrom(...HOSTILE_NUMBERS);
    case undefined:
    default:
      return hostileJson;
  }
}

/** Chaos: at every level mostly valid, sometimes hostile of the same type, sometimes any hostile value. */
export function schemaValue(schema: JsonSchema, known: KnownValues, depth = 0, name?: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: validValue(schema, known, depth, name, true) },
    { weight: 2, arbitrary: hostileOfType(schema) },
    { weight: 1, arbitrary: hostileJson },
  );
}

/** Leaf paths of a JSON value (object keys and array indexes). */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return value.length === 0 ? [prefix] : value.flatMap((item, index) => leafPaths(item, [...prefix, index]));
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 0
      ? [prefix]
      : keys.flatMap((key) => leafPaths((value as Record<string, unknown>)[key], [...prefix, key]));
  }
  return [prefix];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value))
    return (value as unknown[]).map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: hostileJson },
);

/** A fully valid value with exactly one leaf replaced by a hostile value: reaches the database. */
export function mutatedValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  return fc.tuple(validValue(schema, known), hostileLeaf, fc.nat()).map(([value, replacement, pick]) => {
    const paths = leafPaths(value);
    return replaceAt(value, paths[pick % paths.length] ?? [], replacement);
  });
}
