import {
  API_PATHS,
  applicantMatchingSchema,
  applicantMatchingsQuerySchema,
  applicantMatchingsResponseSchema,
  createMatchingRequestSchema,
  errorResponseSchema,
  organizationMatchingSchema,
  organizationMatchingsQuerySchema,
  organizationMatchingsResponseSchema,
  setMatchingResultRequestSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MatchingsService } from './matchings.service';

export interface MatchingsRoutesOptions {
  service: MatchingsService;
}

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
const decisionErrors = { 400: errorResponseSchema, ...errors, 409: errorResponseSchema } as const;

export const matchingsRoutes: FastifyPluginCallbackZod<MatchingsRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.organizationMatchings,
    {
      // An organisation user's repeated reads are answered from memory (ADR 0065).
      config: { organizationResponseCache: true },
      schema: {
        tags: ['matching'],
        summary:
          'Anfragen zu den eigenen Stellenanzeigen: offen, angenommen, abgelehnt (mit Profil der Bewerber), neueste zuerst; ' +
          'ohne state die erste Seite jeder Gruppe, mit state und cursor (next der Gruppe) die nächste ältere Seite dieser Gruppe',
        querystring: organizationMatchingsQuerySchema,
        response: { 200: organizationMatchingsResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.listForOrganization(await request.getActor(), request.query),
  );

  app.post(
    API_PATHS.setMatchingResult,
    {
      schema: {
        tags: ['matching'],
        summary: 'Anfrage annehmen (öffnet den Chat) oder ablehnen — nur offene Anfragen zu eigenen Stellenanzeigen',
        body: setMatchingResultRequestSchema,
        response: { 200: organizationMatchingSchema, ...decisionErrors },
      },
    },
    async (request) => service.setResult(await request.getActor(), request.body),
  );

  app.get(
    API_PATHS.applicantMatchings,
    {
      schema: {
        tags: ['applicant'],
        summary: 'Eigene Anfragen mit ihrem Stand, neueste zuerst; ältere Seiten mit cursor (next der vorigen Seite)',
        querystring: applicantMatchingsQuerySchema,
        response: { 200: applicantMatchingsResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.listForApplicant(await request.getActor(), request.query),
  );

  app.post(
    API_PATHS.applicantMatchings,
    {
      schema: {
        tags: ['applicant'],
        summary: 'Interesse an einer aktiven Stellenanzeige zeigen (201 neu, 200 schon offen, 409 schon entschieden)',
        description:
          'Optional note: ein paar Worte an den Betrieb (Klartext, höchstens 500 Zeichen, wird getrimmt; der Betrieb sieht sie in seiner Anfrage). ' +
          'Höchstens INTEREST_DAILY_CAP (Standard 20) neue Interessen pro Kalendertag (Europe/Berlin); darüber 429 mit Retry-After bis Mitternacht.',
        body: createMatchingRequestSchema,
        response: {
          201: applicantMatchingSchema,
          200: applicantMatchingSchema,
          ...decisionErrors,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await service.createForApplicant(
        await request.getActor(),
        request.body.vacancyId,
        request.body.note,
      );
      return reply.code(result.created ? 201 : 200).send(result.matching);
    },
  );

  app.delete(
    API_PATHS.applicantMatching,
    {
      schema: {
        tags: ['applicant'],
        summary:
          'Offene Anfrage zurückziehen; eine angenommene zurückziehen beendet den Kontakt zum Unternehmen (Chat geschlossen, keine neuen Anfragen)',
        params: z.object({ vacancyId: z.string().min(1).max(64) }),
        response: { 204: z.null().describe('zurückgezogen'), ...decisionErrors },
      },
    },
    async (request, reply) => {
      await service.withdraw(await request.getActor(), request.params.vacancyId);
      return reply.code(204).send(null);
    },
  );
  done();
};
