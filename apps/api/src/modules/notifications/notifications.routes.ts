import { API_PATHS } from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotificationsService } from './notifications.service';

export interface NotificationsRoutesOptions {
  service: NotificationsService;
}

const html = z.string().describe('HTML-Seite (text/html)');

export const notificationsRoutes: FastifyPluginCallbackZod<NotificationsRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.notificationsUnsubscribe,
    {
      schema: {
        tags: ['notifications'],
        summary: 'E-Mail-Benachrichtigungen abbestellen (Link aus der E-Mail, ohne Anmeldung)',
        querystring: z.object({ token: z.string().max(300).default('') }),
        response: { 200: html, 400: html },
      },
    },
    async (request, reply) => {
      const result = await service.unsubscribe(request.query.token);
      return reply.code(result.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(result.html);
    },
  );
  done();
};
