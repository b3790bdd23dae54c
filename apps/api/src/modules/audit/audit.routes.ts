import {
  API_PATHS,
  auditListQuerySchema,
  auditPageQuerySchema,
  auditPageSchema,
  errorResponseSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from './audit.service';

export interface AuditRoutesOptions {
  service: AuditService;
}

const readErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
} as const;

export const auditRoutes: FastifyPluginCallbackZod<AuditRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.organizationAudit,
    {
      schema: {
        tags: ['audit'],
        summary: 'Verlauf eines Unternehmens (Änderungen durch Verwaltung und Regionalpartner, neueste zuerst)',
        params: z.object({ id: z.string().max(64) }),
        querystring: auditPageQuerySchema,
        response: { 200: auditPageSchema, ...readErrors },
      },
    },
    async (request) => service.listForOrganization(await request.getActor(), request.params.id, request.query),
  );

  app.get(
    API_PATHS.userAudit,
    {
      schema: {
        tags: ['audit'],
        summary: 'Verlauf eines Nutzers (neueste zuerst)',
        params: z.object({ userId: z.string().max(64) }),
        querystring: auditPageQuerySchema,
        response: { 200: auditPageSchema, ...readErrors },
      },
    },
    async (request) => service.listForUser(await request.getActor(), request.params.userId, request.query),
  );

  app.get(
    API_PATHS.audit,
    {
      schema: {
        tags: ['audit'],
        summary: 'Änderungsprotokoll: Admins alles, Regionalpartner ihre Regionen; Filter Aktion und Zeitraum',
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema, ...readErrors },
      },
    },
    async (request) => service.list(await request.getActor(), request.query),
  );
  done();
};
