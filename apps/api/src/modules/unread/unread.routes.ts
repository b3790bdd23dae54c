import {
  API_PATHS,
  applicantUnreadResponseSchema,
  errorResponseSchema,
  markChatReadRequestSchema,
  markChatReadResponseSchema,
  unreadQuerySchema,
  unreadResponseSchema,
} from '@matchwerk/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UnreadService } from './unread.service';

export interface UnreadRoutesOptions {
  service: UnreadService;
}

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
const unchanged = z.null().describe('nichts geändert seit dem Cursor');
const seen = z.null().describe('gesehen');

/** 204 without a body when nothing changed; counts are never cached by a proxy. */
function polled<T>(reply: FastifyReply, result: T | null) {
  void reply.header('cache-control', 'no-store');
  return result ? reply.code(200).send(result) : reply.code(204).send(null);
}

export const unreadRoutes: FastifyPluginCallbackZod<UnreadRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.unread,
    {
      schema: {
        tags: ['matching'],
        summary:
          'Neue Anfragen und ungelesene Nachrichten des angemeldeten Nutzers; 204 ohne Datenbankzugriff, wenn seit dem Cursor nichts geändert ist',
        querystring: unreadQuerySchema,
        response: { 200: unreadResponseSchema, 204: unchanged, 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      polled(reply, await service.forOrganization(await request.getActor(), request.query.since)),
  );

  app.post(
    API_PATHS.unreadMatchingsSeen,
    {
      schema: {
        tags: ['matching'],
        summary: 'Anfragen als gesehen markieren (für den angemeldeten Nutzer)',
        response: { 204: seen, ...errors },
      },
    },
    async (request, reply) => {
      await service.organizationSawMatchings(await request.getActor());
      return reply.code(204).send(null);
    },
  );

  app.post(
    API_PATHS.organizationChatRead,
    {
      schema: {
        tags: ['messages'],
        summary: 'Chat bis zur Nachricht seq gelesen (für den angemeldeten Nutzer)',
        params: z.object({ applicantId: z.string().min(1).max(64) }),
        body: markChatReadRequestSchema,
        response: { 200: markChatReadResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.organizationReadChat(await request.getActor(), request.params.applicantId, request.body),
  );

  app.get(
    API_PATHS.applicantUnread,
    {
      schema: {
        tags: ['applicant'],
        summary:
          'Neue Entscheidungen zu eigenen Anfragen und ungelesene Nachrichten; 204, wenn seit dem Cursor nichts geändert ist',
        querystring: unreadQuerySchema,
        response: { 200: applicantUnreadResponseSchema, 204: unchanged, 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => polled(reply, await service.forApplicant(await request.getActor(), request.query.since)),
  );

  app.post(
    API_PATHS.applicantMatchingsSeen,
    {
      schema: {
        tags: ['applicant'],
        summary: 'Entscheidungen zu eigenen Anfragen als gesehen markieren',
        response: { 204: seen, ...errors },
      },
    },
    async (request, reply) => {
      await service.applicantSawMatchings(await request.getActor());
      return reply.code(204).send(null);
    },
  );

  app.post(
    API_PATHS.applicantChatRead,
    {
      schema: {
        tags: ['applicant'],
        summary: 'Chat bis zur Nachricht seq gelesen; das Unternehmen sieht seine Nachrichten als „gelesen“',
        params: z.object({ organizationId: z.string().min(1).max(64) }),
        body: markChatReadRequestSchema,
        response: { 200: markChatReadResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.applicantReadChat(await request.getActor(), request.params.organizationId, request.body),
  );
  done();
};
