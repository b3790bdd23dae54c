/**
 * The app's own onRequest work in one hook: every hook stage Fastify runs per request costs
 * about a microsecond on its own (five no-op onRequest hooks: +4.8 µs per request on bare
 * Fastify, issue #12), so the security headers, the same-origin check, the client address for
 * better-auth and the answers from memory for known sessions are steps of one hook, run in the
 * order given.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * One step; returns true when it answered the request (the remaining steps and the route do not
 * run). A step that must wait returns a promise of the same: the next steps wait for it, and a
 * rejection goes to the error handler as any hook's error does.
 */
export type OnRequestStep = (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;

export function registerOnRequestSteps(app: FastifyInstance, steps: readonly OnRequestStep[]): void {
  /** The steps from `first` on; no closure per request unless a step waits. */
  function run(first: number, request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    for (let index = first; index < steps.length; index++) {
      const answered = steps[index]!(request, reply);
      if (answered === true) return;
      if (answered !== false) {
        answered.then(
          (sent) => {
            if (sent) return;
            // A later step that throws after the wait: its error, too, goes to the error handler.
            try {
              run(index + 1, request, reply, done);
            } catch (error) {
              done(asError(error));
            }
          },
          (error: unknown) => done(asError(error)),
        );
        return;
      }
    }
    done();
  }
  app.addHook('onRequest', (request, reply, done) => run(0, request, reply, done));
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
