/**
 * Hostile values the fuzzer mixes into otherwise schema-shaped input: the kinds of input that
 * crashed the server before (issue #9) and their relatives.
 */
import fc from 'fast-check';

const LONG = 10_000;

/** Strings that once reached PostgreSQL, a date parser or a serialiser unchecked. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'Firma\u0000GmbH',
  '\u0000'.repeat(50),
  '\ud800',
  'a\udfffb',
  '\ud83d',
  '\uffff\ufffe',
  '\u202eevil',
  '\r\n\r\nX-Injected: 1',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%00',
  '%',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'x'.repeat(LONG),
  'ä'.repeat(LONG),
  '😀'.repeat(3000),
  '0000-00-00',
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '2024-02-30',
  '2024-13-01',
  '99999-12-31',
  '+275760-09-13',
  '-000001-01-01',
  '2027-09-01T00:00:00Z',
  '9999-12-31',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '9007199254740993',
  'true',
  'null',
  '__proto__',
  'constructor',
  'toString',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  -1e308,
  1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
];

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

/** Any JSON value of the wrong kind for most fields. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], { constructor: { prototype: { x: 1 } } }),
  fc.constantFrom(nested(50), nested(2_000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.constantFrom<unknown>('\u0000', 1, null), { maxLength: 3_000 }),
);

/** A string for a query parameter or path segment (before URL encoding). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

/** Raw query-string fragments that are not plain key=value pairs. */
export const HOSTILE_QUERY_SUFFIXES: readonly string[] = [
  '%',
  '%E0%A4%A',
  '%00=%00',
  '__proto__[admin]=1',
  'constructor[prototype][x]=1',
  '&&&',
  '=',
  'a[]=1&a[]=2',
  `x=${'y'.repeat(LONG)}`,
];
