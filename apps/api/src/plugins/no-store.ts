/**
 * API answers are personal (sessions, profiles, chats): no browser or proxy may keep them.
 * Every /rest response without its own Cache-Control gets `no-store`; routes that may be
 * cached (images: private, max-age) set their own header and keep it.
 */
import type { FastifyInstance } from 'fastify';

export function registerNoStore(app: FastifyInstance, prefix = '/rest/'): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(prefix) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
