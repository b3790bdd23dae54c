import { errorResponseSchema, JOB_WIDGET_PATHS, jobWidgetImageParamsSchema, jobWidgetParamsSchema, jobWidgetResponseSchema } from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { JobWidgetService } from './job-widget.service';
import { cacheablePayload, CROSS_ORIGIN_HEADERS, sendPublicImage } from './public-cache';

export interface JobWidgetRoutesOptions {
  service: JobWidgetService;
}

const tags = ['public'];

/**
 * Public, session-less routes of the job widget. Registered as an encapsulated plugin: its hooks
 * (cross-origin headers, public caching with ETag/304) apply to these routes only (ADR 0038).
 */
export const jobWidgetRoutes: FastifyPluginCallbackZod<JobWidgetRoutesOptions> = (app, { service }, done) => {
  // After the global security hook (it sets CORP same-origin and no-store for every API answer).
  app.addHook('onRequest', (_request, reply, next) => {
    void reply.headers(CROSS_ORIGIN_HEADERS);
    next();
  });
  app.addHook('onSend', (request, reply, payload, next) => {
    next(null, cacheablePayload(request, reply, payload));
  });

  app.get(
    JOB_WIDGET_PATHS.data,
    {
      schema: {
        tags,
        summary: 'Stellen-Widget: aktive Stellenanzeigen eines Unternehmens (öffentlich, ohne Anmeldung, CORS *, 5 Minuten cachebar, ETag)',
        params: jobWidgetParamsSchema,
        response: { 200: jobWidgetResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => service.getWidget(request.params.organizationId),
  );

  app.get(
    JOB_WIDGET_PATHS.image,
    {
      schema: {
        tags,
        summary: 'Stellen-Widget: Logo des Unternehmens oder Foto einer seiner aktiven Stellenanzeigen (Bild, öffentlich)',
        params: jobWidgetImageParamsSchema,
        response: { 404: errorResponseSchema },
      },
    },
    async (request, reply) => sendPublicImage(reply, await service.getImage(request.params.organizationId, request.params.photoId)),
  );
  done();
};
