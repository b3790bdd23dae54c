import {
  API_PATHS,
  deletePhotosRequestSchema,
  errorResponseSchema,
  photoUploadResponseSchema,
  reorderPhotosRequestSchema,
  vacancyDuplicateResponseSchema,
  vacancyInputSchema,
  vacancyListQuerySchema,
  vacancyListResponseSchema,
  vacancySaveResponseSchema,
  vacancySchema,
  type Vacancy,
} from '@matchwerk/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expectedVersionsOf, ifMatchHeaders, withEtag } from '../../http/conditional-request';
import { imageResponses } from '../../http/media-types';
import { readImageUpload, sendImage } from '../images';
import { withMultipart } from '../../plugins/multipart';
import type { VacanciesService } from './vacancies.service';

export interface VacanciesRoutesOptions {
  service: VacanciesService;
}

const idParams = z.object({ id: z.string().max(64) });
const organizationParams = z.object({ organizationId: z.string().max(64) });
const photoParams = z.object({ id: z.string().max(64), photoId: z.string().max(64) });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
} as const;
const uploadErrors = {
  ...errors,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  /** The image storage does not answer (errors/unavailable.ts). */
  503: errorResponseSchema,
} as const;
const tags = ['vacancy'];

function versioned(reply: FastifyReply, vacancy: Vacancy): Vacancy {
  return withEtag(reply, vacancy.version, vacancy);
}

export const vacanciesRoutes: FastifyPluginCallbackZod<VacanciesRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.vacancies,
    {
      // An organisation user's repeated reads are answered from memory (ADR 0065).
      config: { organizationResponseCache: true },
      schema: {
        tags,
        summary: 'Stellenanzeigen (seitenweise; Unternehmen: eigene, Regionalpartner: ihre Regionen, Admin: alle)',
        querystring: vacancyListQuerySchema,
        response: { 200: vacancyListResponseSchema, ...errors },
      },
    },
    async (request) => service.list(await request.getActor(), request.query),
  );

  app.post(
    API_PATHS.vacancyCreate,
    {
      schema: {
        tags,
        summary: 'Stellenanzeige für ein Unternehmen anlegen (inaktiv)',
        params: organizationParams,
        body: vacancyInputSchema,
        response: { 201: vacancySaveResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await service.create(await request.getActor(), request.params.organizationId, request.body);
      return reply.code(201).send(withEtag(reply, saved.vacancy.version, saved));
    },
  );

  app.get(
    API_PATHS.vacancy,
    {
      schema: {
        tags,
        summary: 'Stellenanzeige lesen (ETag = Version)',
        params: idParams,
        response: { 200: vacancySchema, ...errors },
      },
    },
    async (request, reply) => versioned(reply, await service.get(await request.getActor(), request.params.id)),
  );

  app.put(
    API_PATHS.vacancy,
    {
      schema: {
        tags,
        summary: 'Stellenanzeige speichern (mit If-Match: nur, wenn die Version noch aktuell ist, sonst 412)',
        params: idParams,
        headers: ifMatchHeaders,
        body: vacancyInputSchema,
        response: { 200: vacancySaveResponseSchema, ...errors, 412: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const saved = await service.update(
        await request.getActor(),
        request.params.id,
        request.body,
        expectedVersionsOf(request),
      );
      return withEtag(reply, saved.vacancy.version, saved);
    },
  );

  app.delete(
    API_PATHS.vacancy,
    {
      schema: {
        tags,
        summary: 'Stellenanzeige endgültig löschen (mit Fotos und Bewerbungen)',
        params: idParams,
        response: { 204: z.null().describe('gelöscht'), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(await request.getActor(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    API_PATHS.vacancyActivate,
    {
      schema: {
        tags,
        summary: 'Stellenanzeige aktivieren (409: Bewerbungsfrist abgelaufen)',
        params: idParams,
        response: { 200: vacancySchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      versioned(reply, await service.setActive(await request.getActor(), request.params.id, true)),
  );

  app.post(
    API_PATHS.vacancyDuplicate,
    {
      schema: {
        tags,
        summary: 'Stellenanzeige duplizieren (inaktive Kopie „… (Kopie)“ mit Kopien der Fotos)',
        params: idParams,
        response: { 201: vacancyDuplicateResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.duplicate(await request.getActor(), request.params.id)),
  );

  app.put(
    API_PATHS.vacancyDeactivate,
    {
      schema: {
        tags,
        summary: 'Stellenanzeige deaktivieren (für Bewerber unsichtbar)',
        params: idParams,
        response: { 200: vacancySchema, ...errors },
      },
    },
    async (request, reply) =>
      versioned(reply, await service.setActive(await request.getActor(), request.params.id, false)),
  );

  withMultipart(app, (scope) => {
    scope.post(
      API_PATHS.vacancyPhotos,
      {
        schema: {
          tags,
          summary: 'Foto anhängen (multipart, Feld „file“; JPEG, PNG oder WebP)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 201: photoUploadResponseSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const actor = await request.getActor();
        // Refuse strangers before reading their upload.
        await service.assertCanManage(actor, request.params.id);
        const data = await readImageUpload(request);
        return reply.code(201).send(await service.addPhoto(actor, request.params.id, data));
      },
    );
  });

  app.delete(
    API_PATHS.vacancyPhotos,
    {
      schema: {
        tags,
        summary: 'Fotos löschen',
        params: idParams,
        body: deletePhotosRequestSchema,
        response: { 200: vacancySchema, ...errors },
      },
    },
    async (request, reply) =>
      versioned(reply, await service.deletePhotos(await request.getActor(), request.params.id, request.body.photoIds)),
  );

  app.put(
    API_PATHS.vacancyPhotoOrder,
    {
      schema: {
        tags,
        summary: 'Reihenfolge der Fotos festlegen (das erste ist das Bild der Anzeige)',
        params: idParams,
        body: reorderPhotosRequestSchema,
        response: { 200: vacancySchema, ...errors },
      },
    },
    async (request, reply) =>
      versioned(reply, await service.reorderPhotos(await request.getActor(), request.params.id, request.body.photoIds)),
  );

  app.get(
    API_PATHS.vacancyPhoto,
    {
      schema: {
        tags,
        summary: 'Foto abrufen (Bild, image/webp)',
        params: photoParams,
        response: { ...imageResponses, ...errors },
      },
    },
    async (request, reply) =>
      sendImage(reply, await service.getPhoto(await request.getActor(), request.params.id, request.params.photoId)),
  );
  done();
};
