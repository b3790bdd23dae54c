import {
  API_PATHS,
  errorResponseSchema,
  okResponseSchema,
  organizationCreateSchema,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationListResponseSchema,
  organizationSchema,
  resendSignupConfirmationRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
  type Organization,
} from '@matchwerk/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expectedVersionsOf, ifMatchHeaders, withEtag } from '../../http/conditional-request';
import { imageResponses } from '../../http/media-types';
import { readImageUpload, sendImage } from '../images';
import { withMultipart } from '../../plugins/multipart';
import { anonymousHeaders, type OrganizationsService } from './organizations.service';

export interface OrganizationsRoutesOptions {
  service: OrganizationsService;
  /** Expires the caller's session cookies (after they deleted their own company account). */
  clearSessionCookies: (reply: FastifyReply) => Promise<void>;
}

const idParams = z.object({ id: z.string().max(64) });
const photoParams = z.object({ id: z.string().max(64), photoId: z.string().max(64) });
const signedInErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
/** 503: the image storage does not answer (errors/unavailable.ts). */
const uploadErrors = {
  400: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  503: errorResponseSchema,
} as const;

function versioned(reply: FastifyReply, organization: Organization): Organization {
  return withEtag(reply, organization.version, organization);
}

export const organizationsRoutes: FastifyPluginCallbackZod<OrganizationsRoutesOptions> = (
  app,
  { service, clearSessionCookies },
  done,
) => {
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
    (request) =>
      service.signup(request.body, { ip: request.ip, headers: anonymousHeaders(request.ip), log: request.log }),
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
    (request) =>
      service.resendSignupConfirmation(request.body, {
        ip: request.ip,
        headers: anonymousHeaders(request.ip),
        log: request.log,
      }),
  );

  app.get(
    API_PATHS.organizations,
    {
      schema: {
        tags: ['organization'],
        summary: 'Unternehmen, die Admin oder Regionalpartner verwalten (seitenweise)',
        querystring: organizationListQuerySchema,
        response: { 200: organizationListResponseSchema, 400: errorResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.listOrganizations(await request.getActor(), request.query),
  );

  app.post(
    API_PATHS.organizations,
    {
      schema: {
        tags: ['organization'],
        summary:
          'Unternehmen anlegen (Admin überall, Regionalpartner in eigenen Regionen; sofort freigeschaltet; optional ersten Nutzer einladen)',
        body: organizationCreateSchema,
        response: { 201: organizationSchema, 400: errorResponseSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const organization = await service.createOrganization(await request.getActor(), request.body);
      return reply.code(201).send(versioned(reply, organization));
    },
  );

  for (const [path, field, summary] of [
    [
      API_PATHS.organizationToggleActive,
      'active',
      'Aktiv umschalten (Admin, Regionalpartner der Region; Aktivieren schaltet ein neues Unternehmen frei)',
    ],
    [API_PATHS.organizationToggleMember, 'member', 'Mitglied umschalten (Admin, Regionalpartner der Region)'],
  ] as const) {
    app.put(
      path,
      {
        schema: {
          tags: ['organization'],
          summary,
          params: idParams,
          response: { 200: organizationSchema, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const actor = await request.getActor();
        const organization =
          field === 'active'
            ? await service.toggleActive(actor, request.params.id)
            : await service.toggleMember(actor, request.params.id);
        return versioned(reply, organization);
      },
    );
  }

  app.get(
    API_PATHS.organization,
    {
      schema: {
        tags: ['organization'],
        summary: 'Unternehmen lesen (ETag = Version)',
        params: idParams,
        response: { 200: organizationSchema, ...signedInErrors },
      },
    },
    async (request, reply) =>
      versioned(reply, await service.getOrganization(await request.getActor(), request.params.id)),
  );

  app.put(
    API_PATHS.organization,
    {
      schema: {
        tags: ['organization'],
        summary: 'Unternehmen bearbeiten (mit If-Match: nur, wenn die Version noch aktuell ist, sonst 412)',
        params: idParams,
        headers: ifMatchHeaders,
        body: organizationInputSchema,
        response: { 200: organizationSchema, 400: errorResponseSchema, ...signedInErrors, 412: errorResponseSchema },
      },
    },
    async (request, reply) =>
      versioned(
        reply,
        await service.updateOrganization(
          await request.getActor(),
          request.params.id,
          request.body,
          expectedVersionsOf(request),
        ),
      ),
  );

  app.delete(
    API_PATHS.organization,
    {
      schema: {
        tags: ['organization'],
        summary: 'Unternehmenskonto mit allen Stellenanzeigen, Nutzern und Bildern endgültig löschen',
        params: idParams,
        response: { 204: z.null().describe('gelöscht'), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const result = await service.deleteOrganization(await request.getActor(), request.params.id);
      if (result.signedOut) await clearSessionCookies(reply);
      return reply.code(204).send(null);
    },
  );

  withMultipart(app, (scope) => {
    scope.post(
      API_PATHS.organizationLogoUpload,
      {
        schema: {
          tags: ['organization'],
          summary: 'Logo hochladen (multipart, Feld „file“; ersetzt das bisherige)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: organizationSchema, ...uploadErrors, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const actor = await request.getActor();
        // Access is checked before the body is read, so strangers cannot make us parse uploads.
        await service.getOrganization(actor, request.params.id);
        return versioned(reply, await service.uploadLogo(actor, request.params.id, await readImageUpload(request)));
      },
    );
  });

  app.delete(
    API_PATHS.organizationPhotos,
    {
      schema: {
        tags: ['organization'],
        summary: 'Logo entfernen',
        params: idParams,
        response: { 200: organizationSchema, ...signedInErrors },
      },
    },
    async (request, reply) => versioned(reply, await service.removeLogo(await request.getActor(), request.params.id)),
  );

  app.get(
    API_PATHS.organizationPhoto,
    {
      schema: {
        tags: ['organization'],
        summary: 'Logo abrufen (Bild, image/webp)',
        params: photoParams,
        response: { ...imageResponses, ...signedInErrors },
      },
    },
    async (request, reply) =>
      sendImage(reply, await service.getPhoto(await request.getActor(), request.params.id, request.params.photoId)),
  );
  done();
};
