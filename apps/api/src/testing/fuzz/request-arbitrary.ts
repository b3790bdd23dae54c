/**
 * One operation → an arbitrary of complete HTTP requests: path parameters (often real ids of
 * the seeded data), query strings, JSON bodies (valid, one leaf mutated, or chaos), raw hostile
 * bodies with wrong content types, malformed multipart, and the actor who sends it.
 */
import fc from 'fast-check';
import { HOSTILE_QUERY_SUFFIXES, hostileString } from './hostile-values';
import type { FuzzOperation, FuzzParameter } from './operations';
import { mutatedValue, schemaValue, validValue, type KnownValues } from './schema-arbitrary';

export interface FuzzContext {
  /** Actor names the requests are sent as ("anonymous" = no credentials). */
  actors: readonly string[];
  known: KnownValues;
  /** Small valid images for upload operations. */
  images: readonly Buffer[];
}

export interface FuzzRequest {
  operation: string;
  actor: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD, as in a browser). */
export function encodeComponent(value: string): string {
  let result = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    result += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return result;
}

/** Path segments that are not even valid encodings or that try to leave the route. */
const RAW_SEGMENTS = ['%', '%E0%A4%A', '%ZZ', '..', '%2e%2e', 'a%2Fb', '%00', '%C0%AE', '%u0000', 'x'.repeat(2_000)];

/** The value in one of `oneIn` cases, else null (fc.option's `freq` is the other way round). */
export function sometimes<T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

function pathValue(parameter: FuzzParameter, context: FuzzContext): fc.Arbitrary<string> {
  const known = context.known[parameter.name] ?? [];
  const options: fc.WeightedArbitrary<string>[] = [
    {
      weight: 2,
      arbitrary: validValue(parameter.schema, context.known, 0, parameter.name).map((value) =>
        encodeComponent(stringify(value)),
      ),
    },
    { weight: 2, arbitrary: hostileString.map(encodeComponent) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  ];
  if (known.length > 0) options.push({ weight: 8, arbitrary: fc.constantFrom(...known).map(encodeComponent) });
  return fc.oneof(...options);
}

function queryString(parameters: FuzzParameter[], context: FuzzContext): fc.Arbitrary<string> {
  const pairs = parameters.map((parameter) =>
    fc.option(
      fc
        .oneof(
          { weight: 4, arbitrary: validValue(parameter.schema, context.known, 0, parameter.name) },
          { weight: 2, arbitrary: schemaValue(parameter.schema, context.known, 0, parameter.name) },
          { weight: 1, arbitrary: hostileString },
        )
        .map((value) => `${encodeComponent(parameter.name)}=${encodeComponent(stringify(value))}`),
      { freq: 3 },
    ),
  );
  const suffix = sometimes(fc.constantFrom(...HOSTILE_QUERY_SUFFIXES), 8);
  return fc.tuple(fc.tuple(...pairs), suffix).map(([chosen, extra]) => {
    const parts = chosen.filter((pair): pair is string => pair !== null);
    if (extra) parts.push(extra);
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

const JSON_TYPE = 'application/json';
const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;',
  'multipart/form-data',
];

/** Bodies no client should send: broken JSON, prototype keys, deep nesting, binary. */
const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":}',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
  '\u0000',
  '{"text":"\\u0000"}',
  '{"name":"\\ud800"}',
  'a=1&b=%00',
];

const BOUNDARY = 'matchwerkFuzzBoundary';

function part(headers: string, content: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
}
const END = Buffer.from(`--${BOUNDARY}--\r\n`);
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

function multipartBodies(images: readonly Buffer[]): fc.Arbitrary<Body> {
  const file = (name: string, filename: string, content: Buffer, type = 'image/png') =>
    part(`Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}`, content);
  const image = images[0] ?? Buffer.from('not an image');
  const variants: Body[] = [
    { payload: Buffer.concat([file('file', 'bild.png', image), END]), contentType: MULTIPART },
    {
      payload: Buffer.concat([file('file', 'bild.png', Buffer.from('GIF89a not really')), END]),
      contentType: MULTIPART,
    },
    { payload: Buffer.concat([file('anders', 'bild.png', image), END]), contentType: MULTIPART },
    { payload: Buffer.concat([file('file', 'bild.png', image), END]), contentType: 'multipart/form-data' },
    {
      payload: Buffer.concat([file('file', 'bild.png', image), END]),
      contentType: 'multipart/form-data; boundary=andereGrenze',
    },
    { payload: file('file', 'bild.png', image), contentType: MULTIPART },
    { payload: Buffer.concat([file('file', 'bild.png', image)]).subarray(0, 40), contentType: MULTIPART },
    { payload: Buffer.alloc(0), contentType: MULTIPART },
    { payload: Buffer.concat([part('X-Nothing: 1', 'abc'), END]), contentType: MULTIPART },
    {
      payload: Buffer.concat([
        ...Array.from({ length: 30 }, (_, index) => part(`Content-Disposition: form-data; name="f${index}"`, 'x')),
        END,
      ]),
      contentType: MULTIPART,
    },
    {
      payload: Buffer.concat([
        part('Content-Disposition: form-data; name="text"', 'x'.repeat(5_000)),
        file('file', 'bild.png', image),
        END,
      ]),
      contentType: MULTIPART,
    },
    {
      payload: Buffer.concat([file('file', 'a.png', image), file('file', 'b.png', image), END]),
      contentType: MULTIPART,
    },
    { payload: Buffer.concat([file('file', 'bi\u0000ld.png', image), END]), contentType: MULTIPART },
    { payload: Buffer.concat([file('file', 'x'.repeat(5_000), image), END]), contentType: MULTIPART },
    { payload: Buffer.concat([file('fi"le', 'b"ild.png', image, 'text/html'), END]), contentType: MULTIPART },
    {
      payload: Buffer.concat([part('Content-Disposition: form-data; name="file"', 'kein Dateiteil'), END]),
      contentType: MULTIPART,
    },
    {
      payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`),
      contentType: MULTIPART,
    },
    { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x2d, 0x2d, 0x0d, 0x0a]), contentType: MULTIPART },
  ];
  return fc.constantFrom(...variants);
}

function bodyArbitrary(operation: FuzzOperation, context: FuzzContext): fc.Arbitrary<Body> {
  const raw = fc
    .tuple(fc.constantFrom(...RAW_BODIES), fc.oneof(fc.constant(JSON_TYPE), fc.constantFrom(...WRONG_TYPES)))
    .map(([payload, contentType]) => ({ payload, contentType }));
  const multipart = multipartBodies(context.images);
  if (!operation.body) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant<Body>({}) },
      { weight: 1, arbitrary: fc.constant<Body>({ payload: '{}', contentType: JSON_TYPE }) },
      { weight: 2, arbitrary: raw },
      { weight: 3, arbitrary: multipart },
    );
  }
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((body): Body => ({ payload: JSON.stringify(body) ?? '', contentType: JSON_TYPE }));
  const wrongType = fc
    .tuple(validValue(operation.body, context.known), fc.constantFrom(...WRONG_TYPES))
    .map(([body, contentType]): Body => ({ payload: JSON.stringify(body) ?? '', contentType }));
  return fc.oneof(
    { weight: 4, arbitrary: json(validValue(operation.body, context.known)) },
    { weight: 6, arbitrary: json(mutatedValue(operation.body, context.known)) },
    { weight: 3, arbitrary: json(schemaValue(operation.body, context.known)) },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: multipart },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
  );
}

/** Credentials that are not credentials. */
const BROKEN_AUTH: Record<string, string>[] = [
  { authorization: 'Bearer' },
  { authorization: 'Bearer ' },
  { authorization: `Bearer ${'x'.repeat(4_000)}` },
  { authorization: 'Bearer a.b.c' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: 'Bearer %00' },
  { cookie: 'matchwerk.session_token=%%%; matchwerk.session_token=abc.def' },
  { cookie: `matchwerk.session_token=${'a'.repeat(3_000)}.${'b'.repeat(50)}` },
  { cookie: '__Secure-matchwerk.session_token=x; =; ;;' },
];

export function requestArbitrary(operation: FuzzOperation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  return fc
    .record({
      path: fc.tuple(...pathParameters.map((parameter) => pathValue(parameter, context))),
      query: queryString(queryParameters, context),
      body: hasBody
        ? bodyArbitrary(operation, context)
        : fc.oneof(
            { weight: 9, arbitrary: fc.constant<Body>({}) },
            { weight: 1, arbitrary: fc.constant<Body>({ payload: '{"a":1}', contentType: JSON_TYPE }) },
          ),
      actor: fc.constantFrom(...context.actors),
      brokenAuth: sometimes(fc.constantFrom(...BROKEN_AUTH), 15),
    })
    .map(({ path, query, body, actor, brokenAuth }) => {
      let index = 0;
      const url = operation.path.replace(/\{[^}]+\}/g, () => path[index++] ?? '') + query;
      const headers: Record<string, string> = { ...(brokenAuth ?? {}) };
      if (body.contentType) headers['content-type'] = body.contentType;
      return {
        operation: operation.id,
        actor: brokenAuth ? `${actor}+kaputt` : actor,
        method: operation.method,
        url,
        headers,
        payload: body.payload,
      };
    });
}
