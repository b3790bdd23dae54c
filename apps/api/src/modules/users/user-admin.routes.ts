import {
  API_PATHS,
  errorResponseSchema,
  okResponseSchema,
  userCreateSchema,
  userListItemSchema,
  userListQuerySchema,
  userListResponseSchema,
  userUpdateSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserAdminService } from './user-admin.service';

export interface UserAdminRoutesOptions {
  service: UserAdminService;
}

const userParams = z.object({ userId: z.string().max(64) });
const signedInErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
const changeErrors = { 400: errorResponseSchema, ...signedInErrors, 409: errorResponseSchema } as const;

/** User administration for admins and regional partners (ADR 0021). */
export const userAdminRoutes: FastifyPluginCallbackZod<UserAdminRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.users,
    {
      schema: {
        tags: ['users'],
        summary:
          'Nutzer verwalten: Liste (Admin alle außer Bewerbern, Regionalpartner die Unternehmensnutzer ihrer Regionen)',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, 400: errorResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.list(await request.getActor(), request.query),
  );

  app.post(
    API_PATHS.userCreate,
    {
      schema: {
        tags: ['users'],
        summary:
          'Nutzer anlegen und per E-Mail einladen (ohne Passwort: der Link der Einladung ist 7 Tage gültig, damit legt die Person ihr Passwort selbst fest; E-Mail gilt als bestätigt)',
        body: userCreateSchema,
        response: { 201: userListItemSchema, ...changeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(await request.getActor(), request.body)),
  );

  app.put(
    API_PATHS.user,
    {
      schema: {
        tags: ['users'],
        summary:
          'Nutzer bearbeiten: Name, E-Mail (muss neu bestätigt werden; Eingeladene werden an die neue Adresse neu eingeladen), Unternehmen, Rolle (nur Admin)',
        params: userParams,
        body: userUpdateSchema,
        response: { 200: userListItemSchema, ...changeErrors },
      },
    },
    async (request) => service.update(await request.getActor(), request.params.userId, request.body),
  );

  app.delete(
    API_PATHS.user,
    {
      schema: {
        tags: ['users'],
        summary: 'Nutzer endgültig löschen',
        params: userParams,
        response: { 204: z.null().describe('gelöscht'), ...changeErrors },
      },
    },
    async (request, reply) => {
      await service.remove(await request.getActor(), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    API_PATHS.userDisable,
    {
      schema: {
        tags: ['users'],
        summary: 'Nutzer deaktivieren (beendet alle Sitzungen sofort)',
        params: userParams,
        response: { 200: userListItemSchema, ...changeErrors },
      },
    },
    async (request) => service.disable(await request.getActor(), request.params.userId),
  );

  app.put(
    API_PATHS.userEnable,
    {
      schema: {
        tags: ['users'],
        summary: 'Nutzer wieder aktivieren',
        params: userParams,
        response: { 200: userListItemSchema, ...changeErrors },
      },
    },
    async (request) => service.enable(await request.getActor(), request.params.userId),
  );

  app.post(
    API_PATHS.userPasswordReset,
    {
      schema: {
        tags: ['users'],
        summary: 'E-Mail zum Zurücksetzen des Passworts an den Nutzer senden',
        params: userParams,
        response: { 200: okResponseSchema, ...signedInErrors, 429: errorResponseSchema },
      },
    },
    async (request) => service.sendPasswordReset(await request.getActor(), request.params.userId),
  );

  app.post(
    API_PATHS.userResendConfirmation,
    {
      schema: {
        tags: ['users'],
        summary: 'Bestätigungs-E-Mail erneut senden (nur unbestätigte Nutzer)',
        params: userParams,
        response: { 200: okResponseSchema, ...signedInErrors, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => service.resendConfirmation(await request.getActor(), request.params.userId),
  );

  app.post(
    API_PATHS.userResendInvitation,
    {
      schema: {
        tags: ['users'],
        summary:
          'Einladung erneut senden (nur Eingeladene ohne Passwort; der bisherige Link verliert seine Gültigkeit)',
        params: userParams,
        response: { 200: okResponseSchema, ...signedInErrors, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => service.resendInvitation(await request.getActor(), request.params.userId),
  );
  done();
};
