import {
  API_PATHS,
  candidateLegalAcceptRequestSchema,
  candidateLegalStatusSchema,
  candidateLegalTextsResponseSchema,
  errorResponseSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { CandidateLegalService } from './candidate-legal.service';

export interface CandidateLegalRoutesOptions {
  service: CandidateLegalService;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/** Candidate privacy statement and terms (ADR 0102): public texts, the candidate's status, accepting. */
export const candidateLegalRoutes: FastifyPluginCallbackZod<CandidateLegalRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.publicCandidateLegal,
    {
      schema: {
        tags: ['public'],
        summary: 'Datenschutz und Nutzungsbedingungen der Bewerber-App in der aktuellen Fassung (öffentlich)',
        response: { 200: candidateLegalTextsResponseSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(service.texts()),
  );

  app.get(
    API_PATHS.applicantLegal,
    {
      schema: {
        tags: ['applicant'],
        summary:
          'Welche Fassung der Bewerber-Texte die Bewerberin zugestimmt hat und welche neue Fassung noch zuzustimmen ist',
        response: { 200: candidateLegalStatusSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send(await service.status(await request.getActor())),
  );

  app.post(
    API_PATHS.applicantLegalAcceptances,
    {
      schema: {
        tags: ['applicant'],
        summary:
          'Der neuen Fassung von Datenschutz und/oder Nutzungsbedingungen zustimmen (jede fällige mit ihrer Fassung)',
        body: candidateLegalAcceptRequestSchema,
        response: { 200: candidateLegalStatusSchema, ...errors },
      },
    },
    async (request) => service.accept(await request.getActor(), request.body),
  );

  done();
};
