import {
  API_PATHS,
  candidateNotificationSettingsInputSchema,
  candidateNotificationSettingsSchema,
  errorResponseSchema,
  pushConfigSchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionResponseSchema,
} from '@matchwerk/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withMultipart } from '../../plugins/multipart';
import type { PushService, UnsubscribePageResult } from './push.service';
import { htmlPageSchema } from '../../http/media-types';

export interface PushRoutesOptions {
  service: PushService;
}

const tags = ['applicant'];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema } as const;
const html = htmlPageSchema;
const unsubscribeQuery = z.object({ token: z.string().max(1000).default('') }).strict();

function sendPage(reply: FastifyReply, page: UnsubscribePageResult) {
  return reply.code(page.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
}

export const pushRoutes: FastifyPluginCallbackZod<PushRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.applicantPushConfig,
    {
      schema: {
        tags,
        summary: 'VAPID-Schlüssel für pushManager.subscribe (applicationServerKey)',
        response: { 200: pushConfigSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(service.pushConfig(await request.getActor())),
  );

  app.post(
    API_PATHS.applicantPushSubscriptions,
    {
      schema: {
        tags,
        summary:
          'Push für dieses Gerät einrichten (PushSubscription.toJSON(); gleiche endpoint-Adresse ersetzt die alte)',
        body: pushSubscriptionInputSchema,
        response: { 200: pushSubscriptionResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.subscribe(await request.getActor(), request.body),
  );

  app.delete(
    API_PATHS.applicantPushSubscriptions,
    {
      schema: {
        tags,
        summary: 'Push für dieses Gerät beenden (beim Abmelden oder Ausschalten)',
        body: pushSubscriptionDeleteSchema,
        response: {
          204: z.null().describe('gelöscht'),
          400: errorResponseSchema,
          ...errors,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await service.deleteSubscription(await request.getActor(), request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  app.get(
    API_PATHS.applicantNotificationSettings,
    {
      schema: {
        tags,
        summary: 'Benachrichtigungen: Push und E-Mail je Art, Ruhezeit (unter 18 standardmäßig an)',
        response: { 200: candidateNotificationSettingsSchema, ...errors },
      },
    },
    async (request) => service.settings(await request.getActor()),
  );

  app.put(
    API_PATHS.applicantNotificationSettings,
    {
      schema: {
        tags,
        summary: 'Benachrichtigungen speichern (alle Felder)',
        body: candidateNotificationSettingsInputSchema,
        response: { 200: candidateNotificationSettingsSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.saveSettings(await request.getActor(), request.body),
  );

  done();
};

/** The fallback mail's unsubscribe link: answers browsers and mail providers with HTML pages (own plugin: urlencoded bodies only here). */
export const pushUnsubscribeRoutes: FastifyPluginCallbackZod<PushRoutesOptions> = (app, { service }, done) => {
  function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'candidate unsubscribe failed');
    void sendPage(reply, service.errorPage(status));
  }

  // RFC 8058 one-click requests are form posts (urlencoded or multipart).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );

  app.get(
    API_PATHS.candidateNotificationsUnsubscribe,
    {
      schema: {
        tags,
        summary: 'Abmeldeseite aus der E-Mail an Bewerberinnen und Bewerber: zeigt nur den Knopf (ohne Anmeldung)',
        querystring: unsubscribeQuery,
        response: { 200: html, 400: html },
      },
      errorHandler,
    },
    async (request, reply) => sendPage(reply, service.unsubscribeMailPage(request.query.token)),
  );

  withMultipart(app, (scope) => {
    scope.post(
      API_PATHS.candidateNotificationsUnsubscribe,
      {
        schema: {
          tags,
          summary:
            'E-Mails einer Art abbestellen: Knopf der Abmeldeseite oder RFC-8058-One-Click (ohne Anmeldung, Token im Link)',
          querystring: unsubscribeQuery,
          response: { 200: html, 400: html },
        },
        // Authenticated by the signed token in the URL, never by a cookie; mail providers send no Origin.
        config: { sameOriginExempt: true },
        errorHandler,
      },
      async (request, reply) => sendPage(reply, await service.unsubscribeMail(request.query.token)),
    );
  });
  done();
};
