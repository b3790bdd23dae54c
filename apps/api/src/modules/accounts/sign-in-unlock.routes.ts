import {
  API_PATHS,
  errorResponseSchema,
  okResponseSchema,
  signInUnlockConfirmSchema,
  signInUnlockRequestSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { SignInUnlockService } from './sign-in-unlock.service';

export interface SignInUnlockRoutesOptions {
  service: SignInUnlockService;
}

export const signInUnlockRoutes: FastifyPluginCallbackZod<SignInUnlockRoutesOptions> = (app, { service }, done) => {
  app.post(
    API_PATHS.signInUnlock,
    {
      schema: {
        tags: ['users'],
        summary:
          'Entsperr-Link für die Anmeldung per E-Mail anfordern (öffentlich; gleiche Antwort für unbekannte Adressen)',
        body: signInUnlockRequestSchema,
        response: { 200: okResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => service.request(request.body, { ip: request.ip, cookie: request.headers.cookie }),
  );

  app.post(
    API_PATHS.signInUnlockConfirm,
    {
      schema: {
        tags: ['users'],
        summary: 'Entsperr-Link einlösen: dieser Browser gilt danach für das Konto als vertrauenswürdig (öffentlich)',
        body: signInUnlockConfirmSchema,
        response: { 200: okResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await service.confirm(request.body, { ip: request.ip, cookie: request.headers.cookie });
      return reply.header('set-cookie', result.setCookie).send(result.body);
    },
  );
  done();
};
