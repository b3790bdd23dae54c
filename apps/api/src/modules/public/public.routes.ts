import {
  API_PATHS,
  errorResponseSchema,
  publicVacancyListResponseSchema,
  publicVacancyQuerySchema,
  publicVacancySchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageResponses } from '../../http/media-types';
import { registerPublicCaching } from '../../http/public-cache';
import { sendPublicImage } from '../images';
import type { PublicService } from './public.service';

export interface PublicRoutesOptions {
  service: PublicService;
}

const tags = ['public'];
const idParam = z.string().min(1).max(64);
const notModified = { 304: z.null().describe('unverändert (If-None-Match)') } as const;

/**
 * The public marketplace API (issue #13): no session, no cookies, the same answer for everyone;
 * every 200 is `Cache-Control: public, max-age=60` with an ETag (304 on If-None-Match).
 */
export const publicRoutes: FastifyPluginCallbackZod<PublicRoutesOptions> = (app, { service }, done) => {
  registerPublicCaching(app);

  app.get(
    API_PATHS.publicVacancies,
    {
      schema: {
        tags,
        summary: 'Öffentlich: sichtbare Stellenanzeigen einer Region (Filter, Sortierung, Cursor-Seiten)',
        querystring: publicVacancyQuerySchema,
        response: { 200: publicVacancyListResponseSchema, ...notModified, 400: errorResponseSchema },
      },
    },
    (request) => service.listVacancies(request.query),
  );

  app.get(
    API_PATHS.publicVacancy,
    {
      schema: {
        tags,
        summary: 'Öffentlich: eine sichtbare Stellenanzeige mit den öffentlichen Angaben des Unternehmens',
        params: z.object({ id: idParam }),
        response: { 200: publicVacancySchema, ...notModified, 404: errorResponseSchema },
      },
    },
    (request) => service.getVacancy(request.params.id),
  );

  app.get(
    API_PATHS.publicVacancyPhoto,
    {
      schema: {
        tags,
        summary: 'Öffentlich: Foto einer sichtbaren Stellenanzeige (Bild)',
        params: z.object({ id: idParam, photoId: idParam }),
        response: { ...imageResponses, 404: errorResponseSchema },
      },
    },
    async (request, reply) =>
      sendPublicImage(reply, await service.getVacancyPhoto(request.params.id, request.params.photoId)),
  );

  app.get(
    API_PATHS.publicOrganizationLogo,
    {
      schema: {
        tags,
        summary:
          'Öffentlich: Logo eines aktiven Unternehmens (Bild; v = Foto-ID, damit ein neues Logo eine neue Adresse hat)',
        params: z.object({ id: idParam }),
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: { ...imageResponses, 404: errorResponseSchema },
      },
    },
    async (request, reply) => sendPublicImage(reply, await service.getLogo(request.params.id)),
  );
  done();
};
