import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  API_PATHS,
  errorResponseSchema,
  invitationInfoSchema,
  teamInvitationRequestSchema,
  teamInvitationSchema,
  teamSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InvitationsService } from './invitations.service';

export interface InvitationsRoutesOptions {
  service: InvitationsService;
}

// Any string of a sane length: an unknown token answers 404 like an expired one (no format hints).
const tokenParams = z.object({ token: z.string().min(1).max(128) });
const idParams = z.object({ id: z.string().max(64) });
const invitationParams = z.object({ id: z.string().max(64), invitationId: z.string().max(64) });
const memberParams = z.object({ id: z.string().max(64), userId: z.string().max(64) });
const signedInErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
const deleted = z.null().describe('gelöscht');

export const invitationsRoutes: FastifyPluginCallbackZod<InvitationsRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.invitation,
    {
      schema: {
        tags: ['team'],
        summary: 'Einladung zum Link anzeigen (öffentlich)',
        params: tokenParams,
        response: {
          200: invitationInfoSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (request) => service.getInvitation(request.params.token, { ip: request.ip }),
  );

  app.post(
    API_PATHS.invitationAccept,
    {
      schema: {
        tags: ['team'],
        summary: 'Einladung annehmen: Konto mit Name und Passwort anlegen (öffentlich, einmalig)',
        params: tokenParams,
        body: acceptInvitationRequestSchema,
        response: {
          200: acceptInvitationResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (request) => service.acceptInvitation(request.params.token, request.body, { ip: request.ip }),
  );

  app.get(
    API_PATHS.organizationTeam,
    {
      schema: {
        tags: ['team'],
        summary: 'Team eines Unternehmens: Mitglieder und offene Einladungen',
        params: idParams,
        response: { 200: teamSchema, ...signedInErrors },
      },
    },
    async (request) => service.getTeam(await request.getActor(), request.params.id),
  );

  app.post(
    API_PATHS.organizationTeamInvitations,
    {
      schema: {
        tags: ['team'],
        summary: 'Kollegin oder Kollegen per E-Mail einladen (ersetzt eine offene Einladung an dieselbe Adresse)',
        params: idParams,
        body: teamInvitationRequestSchema,
        response: { 201: teamInvitationSchema, 400: errorResponseSchema, ...signedInErrors, 429: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.inviteColleague(await request.getActor(), request.params.id, request.body)),
  );

  app.delete(
    API_PATHS.organizationTeamInvitation,
    {
      schema: {
        tags: ['team'],
        summary: 'Offene Einladung zurückziehen',
        params: invitationParams,
        response: { 204: deleted, ...signedInErrors },
      },
    },
    async (request, reply) => {
      await service.revokeInvitation(await request.getActor(), request.params.id, request.params.invitationId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    API_PATHS.organizationTeamMember,
    {
      schema: {
        tags: ['team'],
        summary: 'Kollegin oder Kollegen entfernen (löscht das Konto; nicht sich selbst, nicht das letzte Mitglied)',
        params: memberParams,
        response: { 204: deleted, ...signedInErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.removeMember(await request.getActor(), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );
  done();
};
