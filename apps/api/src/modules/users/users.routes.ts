import {
  API_PATHS,
  acceptTermsRequestSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  currentUserSchema,
  notificationSettingsSchema,
  errorResponseSchema,
  okResponseSchema,
  recoverEmailRequestSchema,
} from '@matchwerk/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionActor } from '../../access/actor';
import { sendJson, serializedPer } from '../../http/serialized-body';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  service: UsersService;
  /** The signed-in user's answer, made once per actor (`currentUserBodies`); the fast path sends the same. */
  currentUserBody: (actor: SessionActor) => string;
}

/**
 * The current user's JSON, serialised once per actor: the session cache hands out the same actor
 * object until a revocation or a change of the user replaces it, and the answer depends on it alone.
 */
export function currentUserBodies(service: UsersService): (actor: SessionActor) => string {
  return serializedPer(currentUserSchema, (actor: SessionActor) => service.getCurrentUser(actor));
}

const signedInErrors = { 401: errorResponseSchema, 403: errorResponseSchema } as const;

export const usersRoutes: FastifyPluginCallbackZod<UsersRoutesOptions> = (app, { service, currentUserBody }, done) => {
  app.get(
    API_PATHS.currentUser,
    {
      schema: {
        tags: ['users'],
        summary: 'Angemeldete Person',
        response: { 200: currentUserSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await request.getActor();
      // Signed out: the service's 401.
      if (!actor) return service.getCurrentUser(actor);
      return sendJson(reply, currentUserBody(actor));
    },
  );

  app.post(
    API_PATHS.acceptTerms,
    {
      schema: {
        tags: ['users'],
        summary: 'Datenschutzerklärung und Nutzungsbedingungen annehmen',
        body: acceptTermsRequestSchema,
        response: { 200: currentUserSchema, 400: errorResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.acceptTerms(await request.getActor(), request.body),
  );

  app.post(
    API_PATHS.changePassword,
    {
      schema: {
        tags: ['users'],
        summary: 'Passwort ändern (mit aktuellem Passwort)',
        body: changePasswordRequestSchema,
        response: {
          200: changePasswordResponseSchema,
          400: errorResponseSchema,
          ...signedInErrors,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await service.changePassword(
        await request.getActor(),
        request.body,
        fromNodeHeaders(request.headers),
      );
      return reply.headers(result.headers).send(result.body);
    },
  );

  app.post(
    API_PATHS.changeEmail,
    {
      schema: {
        tags: ['users'],
        summary: 'E-Mail-Adresse ändern (mit aktuellem Passwort)',
        body: changeEmailRequestSchema,
        response: { 200: okResponseSchema, 400: errorResponseSchema, ...signedInErrors, 429: errorResponseSchema },
      },
    },
    async (request) => service.changeEmail(await request.getActor(), request.body, fromNodeHeaders(request.headers)),
  );

  app.post(
    API_PATHS.recoverEmail,
    {
      schema: {
        tags: ['users'],
        summary: 'E-Mail-Änderung rückgängig machen (Link aus der E-Mail, öffentlich)',
        body: recoverEmailRequestSchema,
        response: {
          200: okResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (request) => service.recoverEmail(request.body),
  );
  app.put(
    API_PATHS.notificationSettings,
    {
      schema: {
        tags: ['users'],
        summary: 'Benachrichtigungen eines Unternehmensnutzers einstellen (eigene; Admin: alle)',
        params: z.object({ userId: z.string().max(64) }),
        body: notificationSettingsSchema,
        response: { 200: currentUserSchema, 400: errorResponseSchema, ...signedInErrors, 404: errorResponseSchema },
      },
    },
    async (request) => service.updateNotifications(await request.getActor(), request.params.userId, request.body),
  );
  done();
};
