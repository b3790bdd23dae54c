import {
  API_PATHS,
  applicantChatListResponseSchema,
  applicantChatResponseSchema,
  chatListResponseSchema,
  chatMessageSchema,
  chatPageQuerySchema,
  chatResponseSchema,
  errorResponseSchema,
  pollQuerySchema,
  pollResponseSchema,
  sendMessageRequestSchema,
} from '@matchwerk/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MessagesService } from './messages.service';

export interface MessagesRoutesOptions {
  service: MessagesService;
}

const applicantParams = z.object({ applicantId: z.string().min(1).max(64) });
const organizationParams = z.object({ organizationId: z.string().min(1).max(64) });
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
/** 409: the chat is closed (ended by either side). */
const sendErrors = { 400: errorResponseSchema, ...errors, 409: errorResponseSchema, 429: errorResponseSchema } as const;
const noNews = z.null().describe('nichts Neues seit dem Cursor');
const orgTags = ['messages'];
const applicantTags = ['applicant'];

/** 201 for a new message, 200 when the clientMessageId was stored already (retry). */
function sent(reply: FastifyReply, result: { message: z.infer<typeof chatMessageSchema>; created: boolean }) {
  return reply.code(result.created ? 201 : 200).send(result.message);
}

/** 204 without a body when nothing is new. Never cached: every API answer carries `no-store` from the onRequest hook (ADR 0030). */
function polled(reply: FastifyReply, result: z.infer<typeof pollResponseSchema> | null) {
  return result ? reply.code(200).send(result) : reply.code(204).send(null);
}

export const messagesRoutes: FastifyPluginCallbackZod<MessagesRoutesOptions> = (app, { service }, done) => {
  // Organisation side (web app).
  app.get(
    API_PATHS.chats,
    {
      // An organisation user's repeated reads are answered from memory (ADR 0065).
      config: { organizationResponseCache: true },
      schema: {
        tags: orgTags,
        summary: 'Chats des eigenen Unternehmens, neueste zuerst',
        response: { 200: chatListResponseSchema, ...errors },
      },
    },
    async (request) => service.listForOrganization(await request.getActor()),
  );

  app.get(
    API_PATHS.organizationChat,
    {
      // An organisation user's repeated reads are answered from memory (ADR 0065).
      config: { organizationResponseCache: true },
      schema: {
        tags: orgTags,
        summary:
          'Chat mit einer Bewerberin / einem Bewerber (Profil, die neuesten Nachrichten, Polling-Cursor; ältere mit before = older)',
        params: applicantParams,
        querystring: chatPageQuerySchema,
        response: { 200: chatResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.getForOrganization(await request.getActor(), request.params.applicantId, request.query),
  );

  app.get(
    API_PATHS.organizationChatPolling,
    {
      schema: {
        tags: orgTags,
        summary: 'Neue Nachrichten seit dem Cursor (alle 5 s); 204 ohne Datenbankzugriff, wenn nichts neu ist',
        params: applicantParams,
        querystring: pollQuerySchema,
        response: { 200: pollResponseSchema, 204: noNews, 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      polled(
        reply,
        await service.pollForOrganization(
          await request.getActor(),
          request.params.applicantId,
          request.query.since,
          request.query.read,
        ),
      ),
  );

  app.post(
    API_PATHS.sendMessage,
    {
      schema: {
        tags: orgTags,
        summary:
          'Nachricht senden (idempotent über clientMessageId: Wiederholung → 200 mit der gespeicherten Nachricht)',
        params: applicantParams,
        body: sendMessageRequestSchema,
        response: { 201: chatMessageSchema, 200: chatMessageSchema, ...sendErrors },
      },
    },
    async (request, reply) =>
      sent(reply, await service.sendAsOrganization(await request.getActor(), request.params.applicantId, request.body)),
  );

  // Candidate side (mobile app, Bearer token).
  app.get(
    API_PATHS.applicantChats,
    {
      schema: {
        tags: applicantTags,
        summary: 'Eigene Chats mit Unternehmen, neueste zuerst',
        response: { 200: applicantChatListResponseSchema, ...errors },
      },
    },
    async (request) => service.listForApplicant(await request.getActor()),
  );

  app.get(
    API_PATHS.applicantChat,
    {
      schema: {
        tags: applicantTags,
        summary: 'Chat mit einem Unternehmen (die neuesten Nachrichten, Polling-Cursor; ältere mit before = older)',
        params: organizationParams,
        querystring: chatPageQuerySchema,
        response: { 200: applicantChatResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.getForApplicant(await request.getActor(), request.params.organizationId, request.query),
  );

  app.get(
    API_PATHS.applicantChatPolling,
    {
      schema: {
        tags: applicantTags,
        summary: 'Neue Nachrichten seit dem Cursor; 204, wenn nichts neu ist',
        params: organizationParams,
        querystring: pollQuerySchema,
        response: { 200: pollResponseSchema, 204: noNews, 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      polled(
        reply,
        await service.pollForApplicant(await request.getActor(), request.params.organizationId, request.query.since),
      ),
  );

  app.post(
    API_PATHS.applicantChatMessages,
    {
      schema: {
        tags: applicantTags,
        summary: 'Nachricht an ein Unternehmen senden (idempotent über clientMessageId)',
        params: organizationParams,
        body: sendMessageRequestSchema,
        response: { 201: chatMessageSchema, 200: chatMessageSchema, ...sendErrors },
      },
    },
    async (request, reply) =>
      sent(reply, await service.sendAsApplicant(await request.getActor(), request.params.organizationId, request.body)),
  );
  done();
};
