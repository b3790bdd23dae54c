import {
  API_PATHS,
  errorResponseSchema,
  resetPasswordStatusQuerySchema,
  resetPasswordStatusSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { PasswordResetStatusService } from './password-reset-status.service';

export interface PasswordResetStatusRoutesOptions {
  service: PasswordResetStatusService;
}

export const passwordResetStatusRoutes: FastifyPluginCallbackZod<PasswordResetStatusRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    API_PATHS.resetPasswordStatus,
    {
      schema: {
        tags: ['users'],
        summary:
          'Prüfen, ob ein Link zum Zurücksetzen des Passworts noch gilt, ohne ihn zu verbrauchen (öffentlich; unbekannt, verwendet und abgelaufen: valid false)',
        querystring: resetPasswordStatusQuerySchema,
        response: { 200: resetPasswordStatusSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => service.check(request.query.token, { ip: request.ip }),
  );
  done();
};
