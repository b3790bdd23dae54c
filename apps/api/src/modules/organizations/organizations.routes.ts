import {
  API_PATHS,
  errorResponseSchema,
  okResponseSchema,
  resendSignupConfirmationRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { anonymousHeaders, type OrganizationsService } from './organizations.service';

export interface OrganizationsRoutesOptions {
  service: OrganizationsService;
}

export const organizationsRoutes: FastifyPluginCallbackZod<OrganizationsRoutesOptions> = (app, { service }, done) => {
  app.post(
    API_PATHS.signup,
    {
      schema: {
        tags: ['organization'],
        summary: 'Unternehmen registrieren (öffentlich)',
        body: signupRequestSchema,
        response: { 200: signupResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => service.signup(request.body, { ip: request.ip, headers: anonymousHeaders(request.ip), log: request.log }),
  );

  app.post(
    API_PATHS.resendSignupConfirmation,
    {
      schema: {
        tags: ['organization'],
        summary: 'Bestätigungs-E-Mail erneut senden (öffentlich)',
        body: resendSignupConfirmationRequestSchema,
        response: { 200: okResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => service.resendSignupConfirmation(request.body, { ip: request.ip, headers: anonymousHeaders(request.ip), log: request.log }),
  );
  done();
};
