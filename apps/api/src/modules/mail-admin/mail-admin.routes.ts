import { API_PATHS, errorResponseSchema, failedMailListSchema } from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MailAdminService } from './mail-admin.service';

export interface MailAdminRoutesOptions {
  service: MailAdminService;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/** Failed account mails (issue 49 item 6, ADR 0119): administrators only. */
export const mailAdminRoutes: FastifyPluginCallbackZod<MailAdminRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.failedMails,
    {
      schema: {
        tags: ['admin'],
        summary: 'Fehlgeschlagene E-Mails (alle Versuche erfolglos), neueste zuerst (nur Admins)',
        response: { 200: failedMailListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(await request.getActor());
    },
  );

  app.post(
    API_PATHS.failedMailResend,
    {
      schema: {
        tags: ['admin'],
        summary: 'Eine fehlgeschlagene E-Mail erneut senden (neuer Versuch in der Warteschlange; nur Admins)',
        params: z.object({ id: z.uuid({ error: 'Unbekannte E-Mail.' }) }),
        response: { 204: z.null().describe('erneut in der Warteschlange'), ...errors, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.resend(await request.getActor(), request.params.id);
      return reply.code(204).send(null);
    },
  );
  done();
};
