import {
  API_PATHS,
  DATA_EXPORT_MIME_TYPE,
  errorResponseSchema,
  retentionSettingsInputSchema,
  retentionSettingsSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CandidateExportService } from './candidate-export.service';
import type { ExportService } from './export.service';
import type { RetentionService } from './retention.service';
import { zipFileSchema } from '../../http/media-types';

export interface DataProtectionRoutesOptions {
  retention: RetentionService;
  exports: ExportService;
  /** The candidate's own export (ADR 0102). */
  candidateExports: CandidateExportService;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/** Data protection (issue #14, ADR 0046): retention periods (admins) and an organisation's ZIP export. */
export const dataProtectionRoutes: FastifyPluginCallbackZod<DataProtectionRoutesOptions> = (
  app,
  { retention, exports, candidateExports },
  done,
) => {
  app.get(
    API_PATHS.retentionSettings,
    {
      schema: {
        tags: ['data-protection'],
        summary: 'Aufbewahrungsfristen lesen (nur Admins)',
        response: { 200: retentionSettingsSchema, ...errors },
      },
    },
    async (request) => retention.getSettings(await request.getActor()),
  );

  app.put(
    API_PATHS.retentionSettings,
    {
      schema: {
        tags: ['data-protection'],
        summary:
          'Aufbewahrungsfristen ändern (nur Admins): Matchings/Chats 1–36 Monate nach Abschluss, inaktive Bewerber 6–60 Monate',
        body: retentionSettingsInputSchema,
        response: { 200: retentionSettingsSchema, ...errors },
      },
    },
    async (request) => retention.updateSettings(await request.getActor(), request.body),
  );

  app.get(
    API_PATHS.organizationExport,
    {
      schema: {
        tags: ['data-protection'],
        summary:
          'Alle Daten des Unternehmens als ZIP (JSON + CSV je Tabelle; Art. 15/20 DSGVO): eigene Nutzer und Admins',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: zipFileSchema, ...errors, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await exports.exportOrganization(await request.getActor(), request.params.id);
      return reply
        .header('content-type', DATA_EXPORT_MIME_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    API_PATHS.applicantExport,
    {
      schema: {
        tags: ['applicant'],
        summary:
          'Alle eigenen Daten als ZIP (Art. 15/20 DSGVO): meine-daten.json (Konto, Einstellungen, Profil, Zustimmungen, Anfragen mit Notiz und Antwort, Chats, weitere Daten) und die Fotos; nur für die Bewerberin selbst, höchstens 5 pro Stunde',
        response: { 200: zipFileSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await candidateExports.exportOwnData(await request.getActor());
      return reply
        .header('content-type', DATA_EXPORT_MIME_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  done();
};
