/**
 * Response bodies serialised once instead of on every request, for hot routes whose answer is
 * a pure function of an object that lives longer than a request (a constant; the actor a session
 * cache entry holds). The body goes through the route's zod response schema exactly as the
 * serializer compiler would (`encode`: validated, unknown keys stripped), only once; the route
 * sends the JSON string, which Fastify writes as it is. Validating and stringifying was a quarter
 * of the JavaScript time of "current user" (CPU profile, issue #12).
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The JSON of `value` as the response schema allows it. */
export function serializeBody<Schema extends z.ZodType>(schema: Schema, value: z.output<Schema>): string {
  return JSON.stringify(schema.encode(value));
}

/**
 * Memoises the body per source object (weakly: it goes with its source). `toBody` must depend on
 * nothing but `source`, and the source must never be changed in place.
 */
export function serializedPer<Source extends object, Schema extends z.ZodType>(
  schema: Schema,
  toBody: (source: Source) => z.output<Schema>,
) {
  const bodies = new WeakMap<Source, string>();
  return (source: Source): string => {
    let body = bodies.get(source);
    if (body === undefined) {
      body = serializeBody(schema, toBody(source));
      bodies.set(source, body);
    }
    return body;
  };
}

/** Sends an already serialised JSON body (the route's serializer does not run for strings). */
export function sendJson<Reply extends FastifyReply>(reply: Reply, body: string): Reply {
  return reply.type(JSON_CONTENT_TYPE).send(body) as Reply;
}
