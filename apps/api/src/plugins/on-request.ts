/**
 * The app's own onRequest work in one hook: every hook stage Fastify runs per request costs
 * about a microsecond on its own (five no-op onRequest hooks: +4.8 µs per request on bare
 * Fastify, issue #12), so the security headers, the same-origin check and the client address for
 * better-auth are steps of one hook, run in the order given, synchronously.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One step; returns true when it answered the request (the remaining steps and the route do not run). */
export type OnRequestStep = (request: FastifyRequest, reply: FastifyReply) => boolean;

export function registerOnRequestSteps(app: FastifyInstance, steps: readonly OnRequestStep[]): void {
  app.addHook('onRequest', (request, reply, done) => {
    for (const step of steps) if (step(request, reply)) return;
    done();
  });
}
