import {
  errorResponseSchema,
  JOB_WIDGET_PATHS,
  jobWidgetImageParamsSchema,
  jobWidgetParamsSchema,
  jobWidgetResponseSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { JobWidgetService } from './job-widget.service';
import { isUuid } from '../../access/ids';
import { imageResponses } from '../../http/media-types';
import { registerPublicCaching } from '../../http/public-cache';
import { sendPublicImage } from '../images';
import { CROSS_ORIGIN_HEADERS, JOB_WIDGET_MAX_AGE_SECONDS } from './public-cache';
import { FRAME_PAGE_HEADERS, widgetFramePage } from './widget-frame-page';

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
  registerPublicCaching(app, JOB_WIDGET_MAX_AGE_SECONDS);

  app.get(
    JOB_WIDGET_PATHS.data,
    {
      schema: {
        tags,
        summary:
          'Stellen-Widget: aktive Stellenanzeigen eines Unternehmens (öffentlich, ohne Anmeldung, CORS *, 5 Minuten cachebar, ETag)',
        params: jobWidgetParamsSchema,
        response: { 200: jobWidgetResponseSchema, 304: imageResponses[304], 404: errorResponseSchema },
      },
    },
    (request) => service.getWidget(request.params.organizationId),
  );

  app.get(
    JOB_WIDGET_PATHS.image,
    {
      schema: {
        tags,
        summary:
          'Stellen-Widget: Logo des Unternehmens oder Foto einer seiner aktiven Stellenanzeigen (Bild, öffentlich)',
        params: jobWidgetImageParamsSchema,
        response: { ...imageResponses, 404: errorResponseSchema },
      },
    },
    async (request, reply) =>
      sendPublicImage(reply, await service.getImage(request.params.organizationId, request.params.photoId)),
  );
  done();
};

/**
 * The iframe page (/widget/v1/frame/:organizationId): outside /rest, so it starts with the document
 * policy; it replaces the CSP with its own (frame-ancestors *) and drops X-Frame-Options, for this
 * page only. No database work: an unknown organisation shows the widget's quiet error state (an
 * id that cannot exist answers 404 with the same page, so the frame never shows a JSON error).
 */
export const jobWidgetFrameRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(JOB_WIDGET_PATHS.frame, { schema: { hide: true, params: jobWidgetParamsSchema } }, (request, reply) => {
    const { organizationId } = request.params;
    void reply.headers(FRAME_PAGE_HEADERS).removeHeader('x-frame-options');
    return reply
      .code(isUuid(organizationId) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(widgetFramePage(organizationId));
  });
  done();
};
