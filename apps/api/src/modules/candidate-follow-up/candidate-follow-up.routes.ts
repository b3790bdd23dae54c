import {
  API_PATHS,
  createMatchingNoteRequestSchema,
  errorResponseSchema,
  matchingNoteSchema,
  matchingNotesQuerySchema,
  matchingNotesResponseSchema,
  responseDeadlineParamsSchema,
  responseDeadlinesResponseSchema,
  responseStatsSchema,
  updateMatchingNoteRequestSchema,
  updateResponseDeadlineRequestSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CandidateFollowUpService } from './candidate-follow-up.service';

export interface CandidateFollowUpRoutesOptions {
  service: CandidateFollowUpService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
} as const;
const noteParams = z.object({ noteId: z.string().min(1).max(64) });

export const candidateFollowUpRoutes: FastifyPluginCallbackZod<CandidateFollowUpRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    API_PATHS.matchingNotes,
    {
      schema: {
        tags: ['matching'],
        summary:
          'Interne Notizen zu einer Anfrage (nur für das eigene Unternehmen, nie in der Bewerber-Schnittstelle), älteste zuerst',
        querystring: matchingNotesQuerySchema,
        response: { 200: matchingNotesResponseSchema, ...errors },
      },
    },
    async (request) => service.listNotes(await request.getActor(), request.query),
  );

  app.post(
    API_PATHS.matchingNotes,
    {
      schema: {
        tags: ['matching'],
        summary: 'Interne Notiz zu einer Anfrage an eine eigene Stellenanzeige anlegen',
        body: createMatchingNoteRequestSchema,
        response: { 201: matchingNoteSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createNote(await request.getActor(), request.body)),
  );

  app.put(
    API_PATHS.matchingNote,
    {
      schema: {
        tags: ['matching'],
        summary: 'Eigene Notiz ändern',
        params: noteParams,
        body: updateMatchingNoteRequestSchema,
        response: { 200: matchingNoteSchema, ...errors },
      },
    },
    async (request) => service.updateNote(await request.getActor(), request.params.noteId, request.body.text),
  );

  app.delete(
    API_PATHS.matchingNote,
    {
      schema: {
        tags: ['matching'],
        summary: 'Eigene Notiz löschen',
        params: noteParams,
        response: { 204: z.null().describe('gelöscht'), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteNote(await request.getActor(), request.params.noteId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    API_PATHS.matchingResponseStats,
    {
      schema: {
        tags: ['matching'],
        summary: 'Antwortquote und mittlere Antwortzeit des eigenen Unternehmens (letzte 90 Tage)',
        response: { 200: responseStatsSchema, ...errors },
      },
    },
    async (request) => service.responseStats(await request.getActor()),
  );

  app.get(
    API_PATHS.responseDeadlines,
    {
      schema: {
        tags: ['administration'],
        summary:
          'Antwortfristen je Region: nach wie vielen Tagen ohne Antwort eine Anfrage automatisch abgesagt wird (Administratoren)',
        response: { 200: responseDeadlinesResponseSchema, ...errors },
      },
    },
    async (request) => service.listDeadlines(await request.getActor()),
  );

  app.put(
    API_PATHS.responseDeadline,
    {
      schema: {
        tags: ['administration'],
        summary: 'Antwortfrist einer Region setzen (Administratoren)',
        params: responseDeadlineParamsSchema,
        body: updateResponseDeadlineRequestSchema,
        response: { 200: responseDeadlinesResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.setDeadline(await request.getActor(), request.params.region, request.body.declineAfterDays),
  );
  done();
};
