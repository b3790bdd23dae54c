import {
  API_PATHS,
  DATA_EXPORT_MIME_TYPE,
  errorResponseSchema,
  retentionSettingsInputSchema,
  retentionSettingsSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ExportService } from './export.service';
import type { RetentionService } from './retention.service';

export interface DataProtectionRoutesOptions {
  retention: RetentionService;
  exports: ExportService;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/** Data protection (issue #14, ADR 0046): retention periods (admins) and an organisation's ZIP export. */
export const dataProtectionRoutes: FastifyPluginCallbackZod<DataProtectionRoutesOptions> = (
  app,
  { retention, exports },
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
        response: { 200: z.unknown().describe('ZIP'), ...errors, 404: errorResponseSchema, 429: errorResponseSchema },
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

  done();
};
