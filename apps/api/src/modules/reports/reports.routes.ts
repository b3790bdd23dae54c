import {
  API_PATHS,
  contactEndedSchema,
  createReportRequestSchema,
  errorResponseSchema,
  reportCreatedSchema,
  reportItemSchema,
  reportListQuerySchema,
  reportPageSchema,
  reportParamsSchema,
  reportStatusUpdateSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContactService } from './contact.service';
import type { ReportsService } from './reports.service';

export interface ReportsRoutesOptions {
  reports: ReportsService;
  contact: ContactService;
}

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
const organizationParams = z.object({ organizationId: z.string().min(1).max(64) }).strict();

export const reportsRoutes: FastifyPluginCallbackZod<ReportsRoutesOptions> = (app, { reports, contact }, done) => {
  // Candidate side (candidate app).
  app.post(
    API_PATHS.applicantReports,
    {
      schema: {
        tags: ['applicant'],
        summary:
          'Eine Stellenanzeige, ein Unternehmen oder einen Chat melden (Grund und Text bis 1000 Zeichen); ' +
          'die Ansprechpersonen der Region sehen die Meldung, das Unternehmen nie, wer gemeldet hat. Höchstens 10 am Tag (429).',
        body: createReportRequestSchema,
        response: { 201: reportCreatedSchema, 400: errorResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await reports.create(await request.getActor(), request.body)),
  );

  app.post(
    API_PATHS.applicantChatEnd,
    {
      schema: {
        tags: ['applicant'],
        summary:
          'Kontakt zu einem Unternehmen beenden: der Chat schließt für beide Seiten, offene Anfragen werden zurückgezogen, ' +
          'seine Stellenanzeigen verschwinden aus den Listen, neue Anfragen werden abgelehnt (wiederholbar)',
        params: organizationParams,
        body: z.object({}).strict().nullish(),
        response: { 200: contactEndedSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => contact.endAsApplicant(await request.getActor(), request.params.organizationId),
  );

  // Partners (their regions) and administrators (web app, "Meldungen").
  app.get(
    API_PATHS.reports,
    {
      schema: {
        tags: ['reports'],
        summary: 'Meldungen von Bewerberinnen und Bewerbern, neueste zuerst (Partner: ihre Regionen)',
        querystring: reportListQuerySchema,
        response: { 200: reportPageSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => reports.list(await request.getActor(), request.query),
  );

  app.get(
    API_PATHS.report,
    {
      schema: {
        tags: ['reports'],
        summary: 'Eine Meldung',
        params: reportParamsSchema,
        response: { 200: reportItemSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => reports.get(await request.getActor(), request.params.id),
  );

  app.put(
    API_PATHS.reportStatus,
    {
      schema: {
        tags: ['reports'],
        summary: 'Status einer Meldung ändern (offen, in Bearbeitung, erledigt) mit Notiz; steht im Protokoll',
        params: reportParamsSchema,
        body: reportStatusUpdateSchema,
        response: { 200: reportItemSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => reports.setStatus(await request.getActor(), request.params.id, request.body),
  );
  done();
};
