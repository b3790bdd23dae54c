import { API_PATHS, healthResponseSchema, publicConfigSchema, readyResponseSchema } from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendJson, serializeBody } from '../../http/serialized-body';
import type { SystemService } from './system.service';

export interface SystemRoutesOptions {
  service: SystemService;
}

/** The health answer's body: a constant, serialised once (the route and the server's fast path send it). */
export function healthBody(service: SystemService): string {
  return serializeBody(healthResponseSchema, service.health());
}

export const systemRoutes: FastifyPluginCallbackZod<SystemRoutesOptions> = (app, { service }, done) => {
  // A constant answer, serialised once. Over HTTP a plain GET is answered before Fastify
  // (http/fast-path.ts); this route answers HEAD, a query string and app.inject.
  const body = healthBody(service);
  app.get(
    API_PATHS.health,
    { schema: { tags: ['system'], summary: 'Lebenszeichen', response: { 200: healthResponseSchema } } },
    (_request, reply) => {
      // Synchronous and answered here: no promise per request.
      sendJson(reply, body);
    },
  );

  app.get(
    API_PATHS.ready,
    {
      schema: {
        tags: ['system'],
        summary:
          'Bereitschaft: jede Abhängigkeit (Datenbank, Redis, Bildspeicher, E-Mail-Warteschlange) und was eingeschränkt ist; 503 nur ohne Datenbank',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const ready = await service.ready();
      // Never cached by a proxy: a balancer must see the state of now.
      return reply
        .code(ready.database ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(ready);
    },
  );

  app.get(
    API_PATHS.config,
    { schema: { tags: ['system'], summary: 'Öffentliche Einstellungen', response: { 200: publicConfigSchema } } },
    () => service.publicConfig(),
  );
  done();
};
