import {
  API_PATHS,
  candidateFeedQuerySchema,
  candidateFeedResponseSchema,
  dismissalSchema,
  errorResponseSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeedService } from './feed.service';

export interface FeedRoutesOptions {
  service: FeedService;
}

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
const tags = ['applicant'];
const vacancyParams = z.strictObject({ vacancyId: z.string().min(1).max(64) });

export const feedRoutes: FastifyPluginCallbackZod<FeedRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.applicantFeed,
    {
      // Kept answers under the postings', the candidate's and the day's version (ADR 0107).
      config: { candidateResponseCache: true },
      schema: {
        tags,
        summary: 'Entdecken: passende aktive Stellenanzeigen, seitenweise (Cursor)',
        description:
          'Aktive Stellenanzeigen in der Nähe (Koordinaten lat/lng, sonst zipCode, sonst die Postleitzahl aus dem Profil; ' +
          'ohne Ort ganz Deutschland) und von den Arten und Berufen, die du suchst (type/occupation, sonst die Wünsche aus dem Profil). ' +
          'Anzeigen, zu denen du schon Interesse gezeigt oder „Nicht interessiert“ gesagt hast, fehlen – außer mit includeActedOn=true. ' +
          'Jede Anzeige trägt deinen Stand (myState). Sortierung newest, nearest (braucht einen Ort) oder start; ' +
          'nextCursor als cursor (gleiche Sortierung und Filter) liefert die nächste Seite ohne Doppelte oder Lücken, auch wenn neue Anzeigen dazukommen. ' +
          'Unbekannte Parameter → 400. ETag/If-None-Match → 304.',
        querystring: candidateFeedQuerySchema,
        response: {
          200: candidateFeedResponseSchema,
          304: z.null().describe('unverändert'),
          400: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => service.feed(await request.getActor(), request.query),
  );

  app.post(
    API_PATHS.applicantDismissal,
    {
      schema: {
        tags,
        summary: '„Nicht interessiert“: die Anzeige verschwindet aus deinem Feed (rückgängig mit DELETE)',
        params: vacancyParams,
        response: { 200: dismissalSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.dismiss(await request.getActor(), request.params.vacancyId),
  );

  app.delete(
    API_PATHS.applicantDismissal,
    {
      schema: {
        tags,
        summary: '„Nicht interessiert“ zurücknehmen: die Anzeige kommt wieder in deinen Feed',
        params: vacancyParams,
        response: { 204: z.null().describe('zurückgenommen'), 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.undismiss(await request.getActor(), request.params.vacancyId);
      return reply.code(204).send(null);
    },
  );
  done();
};
