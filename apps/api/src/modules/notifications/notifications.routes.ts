import { API_PATHS } from '@matchwerk/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotificationsService, UnsubscribePageResult } from './notifications.service';
import { withMultipart } from '../../plugins/multipart';
import { ONE_CLICK_FIELD } from './unsubscribe-page';
import { htmlPageSchema } from '../../http/media-types';

export interface NotificationsRoutesOptions {
  service: NotificationsService;
}

const html = htmlPageSchema;

/** Long enough for any token we issue; longer ones are answered with the 400 page, never parsed. */
const unsubscribeQuery = z.object({ token: z.string().max(1000).default('') });

function sendPage(reply: FastifyReply, page: UnsubscribePageResult) {
  return reply.code(page.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
}

export const notificationsRoutes: FastifyPluginCallbackZod<NotificationsRoutesOptions> = (app, { service }, done) => {
  /**
   * These routes answer browsers and mail providers with HTML: a bad query or body must give the
   * German 400 page, not the JSON error body (which the HTML response schema cannot serialise).
   */
  function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'unsubscribe failed');
    void sendPage(reply, service.unsubscribeErrorPage(status));
  }

  // RFC 8058 one-click requests are form posts (urlencoded or multipart); only this plugin accepts urlencoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );

  app.get(
    API_PATHS.notificationsUnsubscribe,
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Abmeldeseite aus der Benachrichtigungs-E-Mail: zeigt nur die Schaltfläche, ändert nichts (ohne Anmeldung)',
        querystring: unsubscribeQuery,
        response: { 200: html, 400: html },
      },
      errorHandler,
    },
    async (request, reply) => sendPage(reply, service.unsubscribePage(request.query.token)),
  );

  // One-click requests may come as multipart (RFC 8058 prefers it); the body is not read, only accepted.
  withMultipart(app, (scope) => {
    scope.post(
      API_PATHS.notificationsUnsubscribe,
      {
        schema: {
          tags: ['notifications'],
          summary: `E-Mail-Benachrichtigungen abbestellen: Schaltfläche der Abmeldeseite oder RFC-8058-One-Click (Formular ${ONE_CLICK_FIELD}=One-Click), ohne Anmeldung`,
          querystring: unsubscribeQuery,
          response: { 200: html, 400: html },
        },
        // Authenticated by the signed token in the URL, never by the session cookie; mail providers send no Origin.
        config: { sameOriginExempt: true },
        errorHandler,
      },
      async (request, reply) => sendPage(reply, await service.unsubscribe(request.query.token)),
    );
  });
  done();
};
